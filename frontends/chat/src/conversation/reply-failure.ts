import type { ApiError } from '@innerview/api-client';
import type { MessageError } from './conversation-state.ts';

/** The chat service's refusals of a message by subscription state (403/429 with `code` and `reason`). */
export const ACCESS_CODES = [
  'SUBSCRIPTION_REQUIRED',
  'SUBSCRIPTION_EXPIRED',
  'SUBSCRIPTION_LIMIT_REACHED',
] as const;
export type AccessCode = (typeof ACCESS_CODES)[number];

export function isAccessCode(code: string | undefined): code is AccessCode {
  return (ACCESS_CODES as readonly string[]).includes(code ?? '');
}

function bodyField(details: unknown, field: string): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const value = (details as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * What a failed send shows. The api-client maps the status to the docs/product.md#http-errors row (403 → FORBIDDEN,
 * 429 → SUBSCRIPTION_LIMIT_REACHED …); the chat service's own code and reason travel in the body
 * (`details`) and say more: a subscription refusal is shown with its reason and an upgrade link.
 */
export function describeFailure(error: ApiError): MessageError {
  const serverCode = bodyField(error.details, 'code');
  const reason = bodyField(error.details, 'reason');
  if (isAccessCode(serverCode))
    return { code: serverCode, message: error.message, ...(reason ? { reason } : {}) };
  if (error.status === 409) return { code: 'REPLY_IN_PROGRESS', message: error.message };
  return { code: error.code, message: error.message };
}

/** The translation key (in `chat.json` under `errors.`) of a failure that is not an access refusal. */
export function failureKey(error: MessageError): string {
  switch (error.code) {
    case 'NETWORK_ERROR':
      return 'network';
    case 'TIMEOUT_ERROR':
      return 'timeout';
    case 'UNAUTHORIZED':
      return 'unauthorized';
    case 'NOT_FOUND':
      return 'notFound';
    case 'VALIDATION_ERROR':
      return 'validation';
    case 'REPLY_IN_PROGRESS':
      return 'replyInProgress';
    case 'FORBIDDEN':
      return 'forbidden';
    case 'SUBSCRIPTION_LIMIT_REACHED':
      return 'rateLimited';
    default:
      return 'replyFailed';
  }
}
