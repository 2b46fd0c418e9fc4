/**
 * The address a sign-up just used, so the "verification sent" screen can resend the link (the
 * resend call needs it). Session storage: it stays with this tab and goes when the tab closes.
 */
export const PENDING_VERIFICATION_KEY = 'innerview.pendingVerificationEmail';

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Site data blocked: the screen asks for the address instead.
    return null;
  }
}

export function rememberPendingVerification(email: string): void {
  try {
    tabStorage()?.setItem(PENDING_VERIFICATION_KEY, email);
  } catch {
    // Storage full or disabled: the screen asks for the address instead.
  }
}

export function pendingVerificationEmail(): string | null {
  return tabStorage()?.getItem(PENDING_VERIFICATION_KEY) || null;
}

export function forgetPendingVerification(): void {
  tabStorage()?.removeItem(PENDING_VERIFICATION_KEY);
}
