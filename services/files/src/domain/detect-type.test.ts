import { describe, expect, it } from 'vitest';
import {
  makeDocx,
  makeElf,
  makeExe,
  makeJpeg,
  makePdf,
  makePng,
  makeWebp,
  makeZip,
  makeZipBombDocx,
} from '../testing/fixtures.ts';
import { detectFileKind } from './detect-type.ts';

describe('detectFileKind: the type comes from the content, not the name', () => {
  it.each([
    ['report.pdf', makePdf(['x']), 'pdf'],
    ['notes.docx', makeDocx(['x']), 'docx'],
    ['photo.png', makePng(), 'png'],
    ['photo.jpg', makeJpeg(), 'jpeg'],
    ['photo.webp', makeWebp(), 'webp'],
    ['notes.txt', Buffer.from('Hello, été 🌱\n'), 'text'],
    ['README.md', Buffer.from('# Title\n\n- item\n'), 'markdown'],
    ['README.markdown', Buffer.from('# Title'), 'markdown'],
    // A misleading name changes nothing: these are what their bytes say.
    ['photo.txt', makePng(), 'png'],
    ['document.pdf', Buffer.from('just words'), 'text'],
    ['image.md', makeJpeg(), 'jpeg'],
  ])('%s is %s', async (name, bytes, kind) => {
    expect(await detectFileKind(bytes, name)).toEqual({ ok: true, kind });
  });

  it.each([
    ['report.pdf', makeExe()],
    ['notes.txt', makeElf()],
    ['photo.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['archive.docx', makeZip([{ name: 'hello.txt', data: Buffer.from('hi') }])],
    ['tool.docx', makeZip([{ name: 'META-INF/MANIFEST.MF', data: Buffer.from('Main-Class: X') }])],
    ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
    ['nul.txt', Buffer.from('text\0with a NUL')],
  ])('%s with other content is unsupported', async (name, bytes) => {
    expect(await detectFileKind(bytes, name)).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('calls an empty file empty', async () => {
    expect(await detectFileKind(Buffer.alloc(0), 'a.txt')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses a DOCX whose directory describes a bomb, before inflating anything', async () => {
    expect(await detectFileKind(makeZipBombDocx(60), 'bomb.docx')).toMatchObject({
      ok: false,
      reason: 'bomb',
    });
  });

  it('calls a ZIP with a damaged directory unreadable', async () => {
    const docx = makeDocx(['x']);
    expect(await detectFileKind(docx.subarray(0, docx.length - 30), 'cut.docx')).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });
});
