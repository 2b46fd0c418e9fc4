/**
 * Links in mails point at the shell (`APP_URL`). Joined as strings rather than with `new URL(path,
 * base)` so that an APP_URL with a path prefix (`https://example.ch/app`) keeps its prefix.
 */
function appLink(appUrl: string, path: string, query?: Record<string, string>): string {
  const base = appUrl.replace(/\/+$/, '');
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${base}${path}${search}`;
}

/** The shell's verification-success route reads the token and calls `POST /api/v1/users/verify`. */
export function verificationLink(appUrl: string, token: string): string {
  return appLink(appUrl, '/auth/verification-success', { token });
}

/** The chat, where the coach opens a new chat with a due check-in (docs/product.md#goals). */
export function chatLink(appUrl: string): string {
  return appLink(appUrl, '/chat');
}

/** The shell's reset-password route reads the token and calls `POST /api/v1/reset-password/`. */
export function passwordResetLink(appUrl: string, token: string): string {
  return appLink(appUrl, '/reset-password', { token });
}

/** Where a person asks for a new reset link (docs/product.md#password-reset-screens `/auth/password-reset`). */
export function passwordResetRequestLink(appUrl: string): string {
  return appLink(appUrl, '/auth/password-reset');
}
