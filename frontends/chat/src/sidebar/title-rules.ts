import { SESSION_TITLE_MAX } from '@innerview/contracts/chat';

export { SESSION_TITLE_MAX };

export type TitleProblem = 'required' | 'tooLong';

/** The chat service's rule for a session title (trimmed, non-blank, at most 100 characters). */
export function titleProblem(title: string): TitleProblem | null {
  const trimmed = title.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > SESSION_TITLE_MAX) return 'tooLong';
  return null;
}
