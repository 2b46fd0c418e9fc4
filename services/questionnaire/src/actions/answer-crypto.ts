import type { QuestionKey } from '@innerview/contracts';
import { DataKeyDestroyedError } from '@innerview/crypto';
import { HttpError } from '@innerview/kit';

/** Binds each stored answer to its question: a ciphertext copied to another step does not decrypt. */
export function answerAad(questionKey: QuestionKey): string {
  return `answers.${questionKey}`;
}

/**
 * An erased person's key is gone; a request in their name (a token that outlived the account) is
 * answered like any request from an account that no longer exists.
 */
export function asHttpError(error: unknown): unknown {
  return error instanceof DataKeyDestroyedError ? new HttpError(401) : error;
}
