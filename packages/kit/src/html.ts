/**
 * Escapes text for HTML element content and quoted attribute values: the pages and mails the services
 * write themselves (mail templates, the dev mailbox, the local checkout page).
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
