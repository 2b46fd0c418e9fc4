import type { Logger } from '@innerview/kit';

/**
 * Runs `work` after the answer has been sent, so the answer's timing cannot depend on what the work
 * finds (whether an address has an account). A failure is logged without the caller's input.
 */
export function afterResponse(log: Logger, what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((err: unknown) => {
      log.error({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, `${what} failed`);
    });
  });
}
