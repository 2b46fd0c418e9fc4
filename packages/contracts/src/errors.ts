import { z } from 'zod';

/** Machine-readable error codes. The first nine come from docs/product.md#error-messages; the rest are transport faults. */
export const errorCodes = [
  'NETWORK_ERROR',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'SUBSCRIPTION_LIMIT_REACHED',
  'SERVER_ERROR',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One entry of a 422 field list (FastAPI-compatible, which is what the spec's client reads). */
export const FieldError = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** Every error body any service or the gateway returns. */
export const ErrorBody = z
  .object({
    detail: z.union([z.string(), z.array(FieldError)]),
    code: z.string(),
  })
  .passthrough()
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Status → default code and message, word for word from docs/product.md#error-messages. */
export const statusDefaults: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'VALIDATION_ERROR', message: 'Invalid request data' },
  401: { code: 'UNAUTHORIZED', message: 'Authentication required' },
  403: { code: 'FORBIDDEN', message: 'Access denied' },
  404: { code: 'NOT_FOUND', message: 'Resource not found' },
  // Not in docs/product.md#error-messages: a request whose body did not arrive in time (a trickling client).
  408: { code: 'REQUEST_TIMEOUT', message: 'Request timed out' },
  409: { code: 'CONFLICT', message: 'Conflict' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  422: { code: 'VALIDATION_ERROR', message: 'Validation error' },
  429: { code: 'SUBSCRIPTION_LIMIT_REACHED', message: 'Rate limit exceeded' },
  // Not in docs/product.md#error-messages: a request line or headers over Node's 16 KB (e.g. a huge query string).
  431: { code: 'HEADERS_TOO_LARGE', message: 'Request headers too large' },
  500: { code: 'SERVER_ERROR', message: 'Internal server error' },
  502: { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' },
  503: { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' },
  504: { code: 'GATEWAY_TIMEOUT', message: 'Upstream timed out' },
};

export function defaultsForStatus(status: number): { code: ErrorCode; message: string } {
  return statusDefaults[status] ?? statusDefaults[500]!;
}
