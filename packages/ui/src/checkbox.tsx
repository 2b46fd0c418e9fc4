import {
  type ComponentProps,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { classNames } from './class-names.ts';
import { describedBy, FieldError, hasContent, useFieldIds } from './field.tsx';
import { CheckIcon } from './icons.tsx';

export type CheckboxProps = Omit<
  ComponentProps<'button'>,
  'type' | 'role' | 'value' | 'defaultChecked' | 'onChange' | 'children'
> & {
  /** Visible label (may hold links, e.g. to the terms). */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Submitted under `name` when checked (default `on`), as a native checkbox. */
  value?: string;
  required?: boolean;
  fieldClassName?: string;
};

/**
 * The control: a button with the checkbox role (styled freely, Space toggles, Enter does not, as
 * the ARIA pattern says), and in a form a hidden native checkbox over it that submits, validates
 * (`required`), resets and reports changes like a native one.
 */
function CheckboxControl({
  checked: checkedProp,
  defaultChecked = false,
  onCheckedChange,
  value = 'on',
  required,
  disabled,
  name,
  form,
  ref,
  onClick,
  onKeyDown,
  className,
  ...rest
}: Omit<CheckboxProps, 'label' | 'hint' | 'error' | 'fieldClassName'>) {
  const [uncontrolled, setUncontrolled] = useState(defaultChecked);
  const checked = checkedProp ?? uncontrolled;
  const setChecked = useCallback(
    (next: boolean) => {
      if (checkedProp === undefined) setUncontrolled(next);
      onCheckedChange?.(next);
    },
    [checkedProp, onCheckedChange],
  );

  const buttonRef = useRef<HTMLButtonElement>(null);
  const setButton = useCallback(
    (node: HTMLButtonElement | null) => {
      buttonRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const [formOwner, setFormOwner] = useState<HTMLFormElement | null>(null);
  useLayoutEffect(() => setFormOwner(buttonRef.current?.form ?? null), []);

  // A form reset puts the box back to how it started.
  const initial = useRef(checked);
  useEffect(() => {
    if (!formOwner) return;
    const reset = () => setChecked(initial.current);
    formOwner.addEventListener('reset', reset);
    return () => formOwner.removeEventListener('reset', reset);
  }, [formOwner, setChecked]);

  // The hidden input follows the box and tells the form (its change listeners) each time.
  const inputRef = useRef<HTMLInputElement>(null);
  const previous = useRef(checked);
  useEffect(() => {
    const input = inputRef.current;
    if (!input || previous.current === checked) return;
    previous.current = checked;
    // The prototype's setter, past React's own tracking of the input, so React sees a change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(input, checked);
    input.dispatchEvent(new Event('click', { bubbles: true }));
  }, [checked]);

  const [size, setSize] = useState<{ width: number; height: number }>();
  useLayoutEffect(() => {
    const button = buttonRef.current;
    if (formOwner && button) setSize({ width: button.offsetWidth, height: button.offsetHeight });
  }, [formOwner]);

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled box; the native checkbox beside it does the form part */}
      <button
        {...rest}
        ref={setButton}
        type="button"
        role="checkbox"
        aria-checked={checked}
        aria-required={required}
        data-state={checked ? 'checked' : 'unchecked'}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        value={value}
        form={form}
        className={className}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key === 'Enter') event.preventDefault();
        }}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          setChecked(!checked);
          // The hidden input reports the change to the form, not this click a second time.
          if (formOwner) event.stopPropagation();
        }}
      >
        {checked && (
          <span className="iv-checkbox__indicator" data-state="checked" style={{ pointerEvents: 'none' }}>
            <CheckIcon />
          </span>
        )}
      </button>
      {formOwner && (
        <input
          ref={inputRef}
          type="checkbox"
          aria-hidden
          tabIndex={-1}
          defaultChecked={initial.current}
          required={required}
          disabled={disabled}
          name={name}
          value={value}
          form={form}
          style={{
            ...size,
            position: 'absolute',
            pointerEvents: 'none',
            opacity: 0,
            margin: 0,
            // Drawn over the box (it comes after it), so the browser's "required" bubble points at it.
            transform: 'translateX(-100%)',
          }}
        />
      )}
    </>
  );
}

/** Checkbox with label, hint and error; in a `<form>` with a `name` it submits like a native one. */
export function Checkbox({ label, hint, error, fieldClassName, id, className, ...rest }: CheckboxProps) {
  const ids = useFieldIds(id);
  const invalid = hasContent(error);
  return (
    <div className={classNames('iv-checkbox-field', invalid && 'iv-field--invalid', fieldClassName)}>
      <div className="iv-checkbox-field__row">
        <CheckboxControl
          {...rest}
          id={ids.control}
          className={classNames('iv-checkbox', className)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(
            rest['aria-describedby'],
            hasContent(hint) && ids.hint,
            invalid && ids.error,
          )}
        />
        <label className="iv-checkbox-field__label" htmlFor={ids.control}>
          {label}
        </label>
      </div>
      {hasContent(hint) && (
        <p className="iv-field__hint iv-checkbox-field__text" id={ids.hint}>
          {hint}
        </p>
      )}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}
