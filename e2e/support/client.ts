import { randomInt } from 'node:crypto';

/**
 * The address this test file's calls come from, as an ingress in front of the product would
 * report it (`X-Forwarded-For`; the gateway and the services trust it from loopback only).
 * The test files share one product (see global-setup.ts), and auth and the gateway limit calls
 * per address (sign-ups: 20 an hour): with an address of its own each file is one more person on
 * their own connection, counted apart from the others, as it was with a product of its own.
 * Drawn from 100.64.0.0/10 (shared address space: never a trusted proxy, never two files alike
 * in practice). Each test file loads this module afresh, so each gets its own address.
 */
export const CLIENT_ADDRESS = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;

/** Headers every call of this file carries (API calls and browser contexts alike). */
export const CLIENT_HEADERS: Readonly<Record<string, string>> = { 'x-forwarded-for': CLIENT_ADDRESS };
