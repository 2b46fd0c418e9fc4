import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * After a submit with errors, focus goes to the first field marked invalid (in form order), so a
 * keyboard or screen-reader user lands on what to fix and hears its error. Call the returned
 * function where the errors are set; the focus moves once they are rendered.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, form]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
