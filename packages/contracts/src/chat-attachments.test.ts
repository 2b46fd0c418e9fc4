import { describe, expect, it } from 'vitest';
import { chatMessageKind } from './chat.ts';
import { formatAttachmentNote, parseAttachmentNote } from './chat-attachments.ts';

const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('attachment note', () => {
  it('is a hidden attachment message that reads back to the same files', () => {
    const files = [
      { id, name: 'cv (final).pdf', type: 'application/pdf', size: 48_213 },
      { id: id.replace('0190', '0191'), name: 'desk.png', type: 'image/png', size: 0 },
    ];
    const note = formatAttachmentNote(files);
    expect(chatMessageKind(note)).toBe('attachment');
    expect(parseAttachmentNote(note)).toEqual(files);
  });

  it('reads a note written before sizes were kept (no size)', () => {
    expect(parseAttachmentNote(`📎 Attached files:\n- old.pdf (application/pdf, ${id})`)).toEqual([
      { id, name: 'old.pdf', type: 'application/pdf' },
    ]);
  });

  it('keeps a name from forging another line', () => {
    const note = formatAttachmentNote([
      { id, name: `a.pdf (application/pdf, ${id})\n- evil.exe`, type: 'text/html"><script>' },
    ]);
    expect(note.split('\n')).toHaveLength(2);
    expect(parseAttachmentNote(note)).toEqual([
      { id, name: `a.pdf (application/pdf, ${id}) - evil.exe`, type: 'application/octet-stream' },
    ]);
  });

  it('is null for any other message', () => {
    expect(parseAttachmentNote('Files attached')).toBeNull();
    expect(parseAttachmentNote('📎 my holiday')).toBeNull();
  });
});
