import { escapeHtml } from '@innerview/kit/html';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/**
 * Headers of the dev mailbox pages: no script at all, styles inline only, no framing, no caching
 * (the pages show one-time tokens), no referrer (a clicked link must not leak the mailbox URL).
 */
export const devPageHeaders: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** The HTML part of one stored mail is shown as a sandboxed document: links work, nothing else. */
export const storedMailHeaders: Record<string, string> = {
  ...devPageHeaders,
  'Content-Security-Policy': `${devPageHeaders['Content-Security-Policy']}; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation`,
};

const styles = `
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:880px;padding:24px;color:#1f2933;background:#f7f7f5}
h1{font-size:1.5rem;margin:0 0 4px}
.hint{color:#52606d;margin:0 0 24px}
article{background:#fff;border:1px solid #d9dde3;border-radius:8px;padding:16px 20px;margin:0 0 16px}
h2{font-size:1.1rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;color:#3e4c59}
dt{font-weight:600}
dd{margin:0;word-break:break-all}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f5f7;border-radius:6px;padding:12px;font-size:.9rem}
a{color:#1d5c63}
ul{padding-left:20px}
`;

/** The dev mailbox: every mail the file transport wrote, newest first, everything escaped. */
export function renderMailboxPage(mails: MailboxEntry[]): string {
  const items =
    mails.length === 0
      ? '<p>No mails yet. Sign up or ask for a password reset, then reload this page.</p>'
      : mails.map(renderEntry).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Innerview dev mailbox</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p class="hint">Embedded mode only: the mails the product would have sent, newest first (${mails.length}). JSON at <a href="/dev/mail">/dev/mail</a>.</p>
${items}
</main>
</body>
</html>
`;
}

function renderEntry(mail: MailboxEntry): string {
  const links = mail.links
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  return `<article aria-labelledby="mail-${escapeHtml(mail.id)}">
<h2 id="mail-${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Sent</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></dd></dl>
${links ? `<p>Links:</p><ul>${links}</ul>` : ''}
<pre>${escapeHtml(mail.text)}</pre>
<p><a href="/dev/mailbox/${encodeURIComponent(mail.id)}">Show the HTML part</a></p>
</article>`;
}
