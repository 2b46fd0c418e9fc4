// Test-only: the rows of docs/product.md#http-errors, checked by the error mapping and by every call
// that goes through it, so the two cannot be kept to different tables.

/** Status, code and message of each documented HTTP error, for an answer with an empty body. */
export const HTTP_ERROR_ROWS: [status: number, code: string, message: string][] = [
  [400, 'VALIDATION_ERROR', 'Invalid request data'],
  [401, 'UNAUTHORIZED', 'Authentication required'],
  [403, 'FORBIDDEN', 'Access denied'],
  [404, 'NOT_FOUND', 'Resource not found'],
  [422, 'VALIDATION_ERROR', 'Validation error'],
  [429, 'SUBSCRIPTION_LIMIT_REACHED', 'Rate limit exceeded'],
  [500, 'SERVER_ERROR', 'Internal server error'],
];
