import { sendError } from '@innerview/kit/errors';
import type { RequestHandler } from 'express';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a `Host` header names this machine's loopback (`localhost`, `127.0.0.1`, `[::1]`, any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = /^(\[[^\]]*\]|[^:]*)(?::\d{1,5})?$/.exec(host.trim().toLowerCase())?.[1];
  return name !== undefined && LOOPBACK_NAMES.has(name);
}

/**
 * The embedded dev mailbox shows sign-up and reset links: only a browser on this machine that
 * addressed it as a loopback host may read it. A page on another site that rebinds its own name
 * to 127.0.0.1 (DNS rebinding) reaches the port, but its requests carry its own name as `Host`:
 * refused in the error shape. The `Host` header itself, never X-Forwarded-Host.
 */
export const loopbackHostOnly: RequestHandler = (req, res, next) => {
  if (isLoopbackHost(req.headers.host)) {
    next();
    return;
  }
  sendError(res, 403, 'The dev mailbox answers only at localhost, 127.0.0.1 or [::1].');
};
