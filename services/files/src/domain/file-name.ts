import { MAX_NAME_LENGTH } from './limits.ts';

/**
 * A file name fit to show and to send back: the last path segment only, NFC, without control or
 * bidirectional-override characters (which can disguise `exe.pdf` as `fdp.exe`), at most 255
 * characters with the extension kept. The stored object never uses it: objects have random names.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return 'file';
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? Array.from(cleaned.slice(dot)) : [];
  return chars.slice(0, MAX_NAME_LENGTH - extension.length).join('') + extension.join('');
}

/**
 * The extensions a download may keep, by the type its content was recognised as. Anything else
 * (`.html`, `.svg`, `.js`, `.xhtml`, `.hta`, `.exe`, no extension…) gets the type's own extension
 * added, so a saved download opens as what it is: `page.html` holding text is saved as
 * `page.html.txt`, never rendered by a browser or run by the system.
 */
const SAFE_EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'text/plain': ['.txt', '.text', '.log', '.csv'],
  'text/markdown': ['.md', '.markdown'],
};

/** The name a download is saved under: the stored name, with a safe extension for its type. */
export function downloadName(name: string, mediaType: string): string {
  const allowed = SAFE_EXTENSIONS[mediaType] ?? ['.bin'];
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return allowed.includes(extension) ? name : `${name}${allowed[0]}`;
}

/**
 * `Content-Disposition` for a download: always `attachment` (never shown inline), with an ASCII
 * fallback name and the exact name in RFC 5987 form.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
