import { Writable } from 'node:stream';
import { type OneTimeTokenEventType, oneTimeTokenAad } from '@innerview/contracts';
import { generateKeyText, loadOrCreateEventPayloadKeys, openPayload, sealPayload } from '@innerview/crypto';
import pino, { type Logger } from 'pino';

/** Polls until a check gives a value (the kit's shared helper; null, undefined and false mean not yet). */
export { eventually } from '@innerview/kit/testing/eventually';

/** A logger whose lines are kept in memory, so a test can check what was (never) logged. */
export function capturingLogger(): { log: Logger; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines: () => chunks.join('') };
}

/** The event-payload key the tests give the service, so they can seal tokens as auth does. */
export const testEventPayloadKey = generateKeyText(1);
const testKeys = loadOrCreateEventPayloadKeys({ value: testEventPayloadKey });

/** A link token sealed as auth seals it in its event (under `testEventPayloadKey`). */
export function sealedForTest(type: OneTimeTokenEventType, userId: string, token: string): string {
  return sealPayload(testKeys, token, oneTimeTokenAad(type, userId));
}

/** Opens a token the way the service's job does, for handlers built in tests. */
export function openForTest(sealed: string, template: string, userId: string): string {
  const type =
    template === 'password-reset' ? 'auth.password-reset.requested' : 'auth.verification.requested';
  return openPayload(testKeys, sealed, oneTimeTokenAad(type, userId));
}
