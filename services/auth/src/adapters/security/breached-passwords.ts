import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords of public breach corpora, as zxcvbn-ts ships them (lower case),
 * checked locally: no password ever leaves the service (docs/adr/0046). Loaded once, on first use.
 */
let common: Set<string> | undefined;

export function isBreachedPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
