import pino, { type Logger } from 'pino';
import { traceFields } from './tracing.ts';

export type { Logger };

/**
 * Paths whose values never reach a log line: credentials, one-time tokens, and anything a person
 * wrote (chat messages, questionnaire answers, file contents).
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-innerview-user-id"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.confirm_password',
  '*.confirm_new_password',
  '*.token',
  '*.access_token',
  '*.secret',
  '*.message',
  '*.content',
  '*.answer_text',
  '*.answers',
];

export function createLogger(options: { name: string; level?: string }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    // The active trace (W3C trace context) on every line, so one request or event can be followed
    // across the gateway, the services and the consumers of what it caused.
    mixin: traceFields,
  });
}

/**
 * A URL as it may be logged: no query string (it can carry tokens) and no e-mail addresses
 * (the password-recovery path carries one).
 */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(/[^/]+(@|%40)[^/]+/g, '<email>');
}
