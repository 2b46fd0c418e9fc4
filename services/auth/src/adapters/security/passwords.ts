import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1). The library hashes on its own thread
 * pool, so a login never blocks the event loop for the ~tens of milliseconds a hash takes.
 */
const ARGON2ID = 2 as Algorithm;
export const argon2Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Computes the stand-in hash ahead of the first request (start-up), so even that one is not slower. */
export async function prepareStandInHash(): Promise<void> {
  dummy ??= hashPassword('innerview-dummy-password-for-timing');
  await dummy;
}

/**
 * Spends the same time as checking a real password, for answers about addresses that have no
 * account (login, sign-up with a known address): response time does not tell them apart.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('innerview-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
