/**
 * The auth service's answers in the spec's words (docs/product.md#error-messages), or, where the spec shows none, in words that
 * say exactly what happened. The front end translates them by `code` and shows `detail` otherwise.
 */
export const loginMessages = {
  incorrectCredentials: 'Incorrect email or password. Please try again.',
  emailNotVerified: 'Please verify your email address before signing in.',
  warningTitle: 'Login Failed - Warning',
  lockedTitle: 'Account Temporarily Locked',
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function lockedMessage(minutes: number): string {
  return `Too many failed sign-in attempts. Your account is temporarily locked. Please try again in ${plural(minutes, 'minute')}.`;
}

export function warningMessage(remaining: number): string {
  return `Incorrect email or password. ${plural(remaining, 'attempt')} remaining before your account is temporarily locked.`;
}

export const tokenMessages = {
  resetExpired: 'This reset link has expired. Please request a new one.',
  resetInvalid: 'This reset link is invalid or has been used. Please request a new one.',
  verificationExpired: 'This verification link has expired. Please request a new one.',
  verificationInvalid: 'This verification link is invalid or has been used. Please request a new one.',
} as const;

/** Answers that must read the same whether or not an address has an account. */
export const neutralMessages = {
  signupAccepted: 'Account created. Please check your email to verify your address.',
  verificationResent:
    'If an account with this address is waiting for verification, a new verification email is on its way.',
  recoverySent: 'If an account exists for this address, a link to reset the password is on its way.',
} as const;

export const accountMessages = {
  emailVerified: 'Email verified. You can now sign in.',
  emailAlreadyVerified: 'Your email address is already verified. You can sign in.',
  passwordUpdated: 'Password updated successfully. Please sign in with your new password.',
  loggedOut: 'Logged out',
  languageInvalid: 'Language must be one of en, fr, de, it, es',
  themeInvalid: 'Theme must be one of light, dark, system',
  settingsEmpty: 'Give a language, a theme, or both',
  profileEmpty: 'Give a first name, a last name, or both',
  accountDeleted:
    'Your account has been deleted. Login is no longer possible. Your data is kept for 90 days, then permanently erased.',
  deletedLogin:
    'This account has been deleted. Login is no longer possible. To reactivate it within 90 days, contact support.',
} as const;

/** Error codes beyond docs/product.md#http-errors's status defaults, so the client can pick the right screen. */
export const authErrorCodes = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  accountDeleted: 'ACCOUNT_DELETED',
} as const;
