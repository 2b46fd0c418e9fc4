import { isApiError } from '@innerview/api-client';
import { useCallback, useMemo, useState } from 'react';
import { type SavedAnswer, useSaveAnswerMutation } from './questionnaire-api.ts';
import { isOverLimit, needsSave, questionKeyOf, stepOfKey } from './questionnaire-rules.ts';

/** `saved`: sent; `unchanged`: nothing to send; `tooLong`: over 1900; `submitted`: read-only now. */
export type SaveOutcome = 'saved' | 'unchanged' | 'tooLong' | 'failed' | 'submitted';

/** 409 `QUESTIONNAIRE_SUBMITTED`: the questionnaire was submitted (in another tab, say). */
export function isSubmittedError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const details = error.details as { code?: unknown } | null | undefined;
  return error.status === 409 || details?.code === 'QUESTIONNAIRE_SUBMITTED';
}

/**
 * The stepper's answers: what the server has (`saved`, by step) and what the person typed
 * (`draftOf`), kept for every step while the page lives so Back and Next never lose text. `save`
 * sends one step's draft when it differs from the saved text. When the saved answers could not be
 * loaded (`answersKnown` false) a blank draft of a step without a known answer is never sent: it
 * could overwrite an answer we simply could not show.
 */
export function useAnswerDrafts(serverAnswers: SavedAnswer[] | undefined, answersKnown: boolean) {
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  // Our own successful saves, newest: they win over a possibly older cached list.
  const [ownSaves, setOwnSaves] = useState<Record<number, string>>({});
  const [saveAnswer, { isLoading: saving }] = useSaveAnswerMutation();

  const saved = useMemo(() => {
    const byStep = new Map<number, string>();
    for (const answer of serverAnswers ?? []) {
      const step = stepOfKey(answer.question_key);
      if (step !== null) byStep.set(step, answer.answer_text);
    }
    for (const [step, text] of Object.entries(ownSaves)) byStep.set(Number(step), text);
    return byStep;
  }, [serverAnswers, ownSaves]);

  const draftOf = useCallback((step: number) => drafts[step] ?? saved.get(step) ?? '', [drafts, saved]);

  const setDraft = useCallback((step: number, text: string) => {
    setDrafts((previous) => ({ ...previous, [step]: text }));
  }, []);

  /** Typed text that would be lost if the page closed now. */
  const isDirty = useCallback(
    (step: number) => needsSave(draftOf(step), saved.get(step), { saveUnsavedBlank: false }),
    [draftOf, saved],
  );

  /**
   * `moveOn`: the person went past the step (Next), so a blank never-saved step is recorded as
   * skipped; going back or leaving does not skip a step they have not gone past.
   */
  const save = useCallback(
    async (step: number, { moveOn = false } = {}): Promise<SaveOutcome> => {
      const draft = draftOf(step);
      const saveUnsavedBlank = moveOn && answersKnown;
      if (!needsSave(draft, saved.get(step), { saveUnsavedBlank })) return 'unchanged';
      if (isOverLimit(draft)) return 'tooLong';
      try {
        const answer = await saveAnswer({ question_key: questionKeyOf(step), answer_text: draft }).unwrap();
        setOwnSaves((previous) => ({ ...previous, [step]: answer.answer_text }));
        return 'saved';
      } catch (error) {
        return isSubmittedError(error) ? 'submitted' : 'failed';
      }
    },
    [draftOf, saved, answersKnown, saveAnswer],
  );

  return { saved, draftOf, setDraft, isDirty, save, saving };
}
