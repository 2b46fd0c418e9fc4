import { escapeHtml } from '@innerview/kit/html';
import { common, greet } from './common.ts';
import type { LanguageCode, RenderedMail } from './types.ts';

/** What one mail says, as plain strings: the layout escapes every one of them for HTML. */
export interface MailContent {
  language: LanguageCode;
  subject: string;
  /** The preview line mail clients show next to the subject (hidden in the body). */
  preview: string;
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  /** The one thing the reader can do; the URL is also written out as text. */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const accent = '#1d5c63'; // white on it: 7.4:1
const paragraph = `margin:0 0 16px 0;${font}font-size:16px;line-height:1.5;color:#1f2933;`;

/** Renders both parts of a mail from its content, in one simple, accessible, inline-styled layout. */
export function renderMail(content: MailContent): RenderedMail {
  return {
    subject: content.subject,
    text: renderText(content),
    html: renderHtml(content),
    links: content.action ? [content.action.url] : [],
  };
}

/** Subject, preview line and button label: the strings every mail with one button has. */
export interface ButtonMailStrings {
  subject: string;
  preview: string;
  action: string;
}

/** What a mail with one button says besides its subject, preview and button label. */
export interface ButtonMailBody {
  intro: string[];
  url: string;
  outro?: string[];
}

/**
 * The renderer of a mail that greets the person by first name and leads to one button (the
 * account and billing mails): its wording in every language, and what it says given its facts.
 */
export function buttonMail<Strings extends ButtonMailStrings, Params extends { firstName: string }>(
  strings: Record<LanguageCode, Strings>,
  body: (s: Strings, params: Params, language: LanguageCode) => ButtonMailBody,
): (language: LanguageCode, params: Params) => RenderedMail {
  return (language, params) => {
    const s = strings[language];
    const { intro, url, outro = [] } = body(s, params, language);
    return renderMail({
      language,
      subject: s.subject,
      preview: s.preview,
      greeting: greet(language, params.firstName),
      intro,
      action: { label: s.action, url },
      outro,
    });
  };
}

function renderText(content: MailContent): string {
  const strings = common[content.language];
  const blocks = [content.greeting, ...content.intro];
  // French sets a no-break space before the colon (the glossary, ADR 60).
  const colon = content.language === 'fr' ? '\u00a0:' : ':';
  if (content.action) blocks.push(`${content.action.label}${colon}\n${content.action.url}`);
  blocks.push(...content.outro, strings.signOff.join('\n'), `-- \n${strings.footer}`);
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(content: MailContent): string {
  const strings = common[content.language];
  const p = (text: string) => `<p style="${paragraph}">${escapeHtml(text)}</p>`;
  const action = content.action ? renderAction(content.action, strings.linkFallback) : '';
  return `<!DOCTYPE html>
<html lang="${content.language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f1ec;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;" aria-hidden="true">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f1ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:28px 32px 0 32px;${font}font-size:20px;font-weight:bold;color:${accent};">Innerview</td></tr>
<tr><td style="padding:20px 32px 16px 32px;">
${[content.greeting, ...content.intro].map(p).join('\n')}
${action}
${content.outro.map(p).join('\n')}
<p style="${paragraph}">${strings.signOff.map(escapeHtml).join('<br>')}</p>
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0 auto;${font}font-size:12px;line-height:1.5;color:#52606d;">${escapeHtml(strings.footer)}</p>
</td></tr>
</table>
</body>
</html>
`;
}

function renderAction(action: { label: string; url: string }, fallback: string): string {
  const url = escapeHtml(action.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
<tr><td style="border-radius:6px;background-color:${accent};">
<a href="${url}" style="display:inline-block;padding:12px 24px;${font}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px 0;${font}font-size:14px;line-height:1.5;color:#52606d;">${escapeHtml(fallback)}<br>
<a href="${url}" style="color:${accent};word-break:break-all;">${url}</a></p>`;
}
