import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, downloadName } from './file-name.ts';

describe('cleanFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\notes.txt', 'notes.txt'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    ['tab\tand\nnew line.txt', 'tab and new line.txt'],
    ['', 'file'],
    ['..', 'file'],
    [undefined, 'file'],
    ['Cafe\u0301.md', 'Café.md'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('keeps at most 255 characters and the extension', () => {
    const name = cleanFileName(`${'a'.repeat(400)}.pdf`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('is always an attachment, with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Résumé "final".pdf')).toBe(
      `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`,
    );
  });
});

describe('downloadName', () => {
  it.each([
    ['report.pdf', 'application/pdf', 'report.pdf'],
    ['report.html', 'application/pdf', 'report.html.pdf'],
    ['photo.JPEG', 'image/jpeg', 'photo.JPEG'],
    ['photo.svg', 'image/png', 'photo.svg.png'],
    ['page.html', 'text/plain', 'page.html.txt'],
    ['page.xhtml', 'text/markdown', 'page.xhtml.md'],
    ['.html', 'text/plain', '.html.txt'],
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'letter.docx'],
    ['odd.txt', 'application/x-unknown', 'odd.txt.bin'],
  ])('%s (%s) → %s', (name, type, saved) => {
    expect(downloadName(name, type)).toBe(saved);
  });
});
