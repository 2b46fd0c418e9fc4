import { clearToken, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { formatAttachmentNote } from '@innerview/contracts/chat-attachments';
import { createI18n } from '@innerview/i18n';
import { ToastProvider } from '@innerview/ui';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import attachments from '../../locales/en/attachments.json' with { type: 'json' };
import attachmentsIt from '../../locales/it/attachments.json' with { type: 'json' };
import { formatFileSize } from './format-size.ts';
import {
  AttachButton,
  attachmentsOfTranscript,
  MessageAttachments,
  SelectedAttachments,
  type UseAttachments,
  useAttachments,
} from './index.ts';
import { checkFiles, MAX_FILE_BYTES } from './limits.ts';
import type { SelectedAttachment } from './types.ts';

/** A stand-in XMLHttpRequest the test answers by hand: progress, then a status and body. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function providers(lng: 'en' | 'it' = 'en') {
  const i18n = createI18n({
    namespaces: ['attachments'],
    defaultNS: 'attachments',
    lng,
    resources: { en: { attachments }, it: { attachments: attachmentsIt } },
  });
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})" announceLabel="Notification">
        {children}
      </ToastProvider>
    </I18nextProvider>
  );
}

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setApiBase(DEFAULT_API_BASE);
  saveToken('test-token', { rememberMe: true });
});
afterEach(() => {
  // Unmount inside act, so no React work is left for after jsdom is torn down.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearToken();
});

const statuses = (hook: { current: UseAttachments }) => hook.current.attachments.map((a) => a.status);

describe('useAttachments', () => {
  it('goes selected → uploading (with progress) → uploaded, then pauses 500 ms before resolving', async () => {
    const { result } = renderHook(() => useAttachments(), { wrapper: providers() });
    act(() =>
      result.current.add([file('notes.pdf', 2048, 'application/pdf'), file('desk.png', 512, 'image/png')]),
    );
    expect(statuses(result)).toEqual(['selected', 'selected']);

    vi.useFakeTimers();
    let settled: Awaited<ReturnType<UseAttachments['uploadAll']>> | undefined;
    let upload!: Promise<void>;
    act(() => {
      upload = result.current.uploadAll('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b').then((r) => {
        settled = r;
      });
    });
    expect(statuses(result)).toEqual(['uploading', 'uploading']);
    const [pdf, png] = FakeXhr.all;
    expect(pdf!.method).toBe('POST');
    expect(pdf!.url).toMatch(/\/api\/v1\/files\/upload-multiple-to-session$/);
    expect(pdf!.headers.Authorization).toBe('Bearer test-token');
    expect(pdf!.body!.get('session_id')).toBe('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(pdf!.body!.get('file_type')).toBe('chat_storage');
    expect((pdf!.body!.get('files') as File).name).toBe('notes.pdf');

    act(() => pdf!.progress(1024, 2048));
    expect(result.current.attachments[0]!.progress).toBe(0.5);
    await act(async () => {
      pdf!.answer(200, {
        files: [{ id: 'f-1', session_id: 's', name: 'notes.pdf', size: 2048, type: 'application/pdf' }],
      });
      png!.answer(200, {
        files: [{ id: 'f-2', session_id: 's', name: 'desk.png', size: 512, type: 'image/png' }],
      });
    });
    expect(statuses(result)).toEqual(['uploaded', 'uploaded']);
    // The pause of docs/product.md#timing: not resolved before 500 ms.
    await act(async () => vi.advanceTimersByTime(499));
    expect(settled).toBeUndefined();
    await act(async () => {
      vi.advanceTimersByTime(1);
      await upload;
    });
    expect(settled).toMatchObject({
      fileIds: ['f-1', 'f-2'],
      sent: [
        { id: 'f-1', name: 'notes.pdf', size: 2048 },
        { id: 'f-2', name: 'desk.png', size: 512 },
      ],
    });
  });

  it('marks a refused upload as error with the reason, toasts Upload Failed and rejects; a retry uploads only that one', async () => {
    const { result } = renderHook(() => useAttachments(), { wrapper: providers() });
    act(() =>
      result.current.add([file('a.pdf', 10, 'application/pdf'), file('b.pdf', 10, 'application/pdf')]),
    );
    let failure: unknown;
    await act(async () => {
      const upload = result.current.uploadAll(null).catch((err) => {
        failure = err;
      });
      FakeXhr.all[0]!.answer(200, {
        files: [{ id: 'f-a', session_id: null, name: 'a.pdf', size: 10, type: 'application/pdf' }],
      });
      FakeXhr.all[1]!.answer(413, { detail: 'File is larger than 10 MB', code: 'FILE_TOO_LARGE' });
      await upload;
    });
    expect(failure).toBeInstanceOf(Error);
    expect(statuses(result)).toEqual(['uploaded', 'error']);
    expect(result.current.attachments[1]!.error).toBe('The file is larger than 10 MB.');
    expect(await screen.findByText('Upload Failed')).toBeTruthy();

    // The server's own message when its code is not one the screen knows.
    await act(async () => {
      const retry = result.current.uploadAll(null).catch(() => {});
      expect(FakeXhr.all).toHaveLength(3);
      FakeXhr.all[2]!.answer(500, { detail: 'Storage is unavailable', code: 'SERVER_ERROR' });
      await retry;
    });
    expect(result.current.attachments[1]!.error).toBe('Storage is unavailable');
  });

  it('resolves at once with nothing selected, and removes a file before sending', async () => {
    const { result } = renderHook(() => useAttachments(), { wrapper: providers() });
    await expect(result.current.uploadAll('s-1')).resolves.toEqual({
      fileIds: [],
      sessionId: 's-1',
      sent: [],
    });
    expect(FakeXhr.all).toHaveLength(0);
    act(() => result.current.add([file('a.txt', 3, 'text/plain')]));
    act(() => result.current.remove(result.current.attachments[0]!.key));
    expect(result.current.attachments).toEqual([]);
  });

  it('refuses files beyond the limits with a translated reason', async () => {
    const { result } = renderHook(() => useAttachments(), { wrapper: providers() });
    act(() => result.current.add([file('setup.exe', 100, 'application/x-msdownload')]));
    expect(result.current.attachments).toEqual([]);
    expect(await screen.findByText('“setup.exe” can’t be attached')).toBeTruthy();
    expect(screen.getByText(/Only PDF, Word \(DOCX\), text, Markdown, PNG, JPEG and WebP/)).toBeTruthy();
  });
});

describe('client-side limits', () => {
  const some = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ key: `k${i}` }) as unknown as SelectedAttachment);

  it('mirror the files service: 10 MB per file, 5 per message, the accepted formats, not empty', () => {
    const { accepted, refused } = checkFiles(some(3), [
      file('ok.md', 10, ''),
      file('exactly.pdf', MAX_FILE_BYTES, 'application/pdf'),
      file('big.pdf', MAX_FILE_BYTES + 1, 'application/pdf'),
      file('empty.txt', 0, 'text/plain'),
      file('movie.mp4', 10, 'video/mp4'),
      file('sixth.png', 10, 'image/png'),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['ok.md', 'exactly.pdf']);
    expect(refused).toEqual([
      { name: 'big.pdf', reason: 'tooLarge' },
      { name: 'empty.txt', reason: 'empty' },
      { name: 'movie.mp4', reason: 'type' },
      { name: 'sixth.png', reason: 'tooMany' },
    ]);
  });

  it('shows sizes for people in their language', () => {
    expect(formatFileSize(850, 'en')).toBe('850 bytes');
    expect(formatFileSize(12 * 1024, 'en')).toBe('12 kB');
    expect(formatFileSize(3.46 * 1024 * 1024, 'en')).toBe('3.5 MB');
    expect(formatFileSize(3.46 * 1024 * 1024, 'it')).toBe('3,5 MB');
  });
});

describe('attachmentsOfTranscript', () => {
  const note = formatAttachmentNote([
    { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'notes.pdf', type: 'application/pdf', size: 2048 },
  ]);

  it('puts the files of a hidden paperclip note on the visible message after it', () => {
    const map = attachmentsOfTranscript([
      { id: 'q', role: 'user', content: 'Here is some personal information…', hidden: true },
      { id: 'r0', role: 'assistant', content: 'Hello', hidden: false },
      { id: 'n1', role: 'user', content: note, hidden: true },
      { id: 'm1', role: 'user', content: 'Files attached', hidden: false },
      { id: 'r1', role: 'assistant', content: 'I read it', hidden: false },
      { id: 'm2', role: 'user', content: 'And now?', hidden: false },
    ]);
    expect([...map.keys()]).toEqual(['m1']);
    // With its size: after a reload the chip reads as it did when sent.
    expect(map.get('m1')).toEqual([
      { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'notes.pdf', type: 'application/pdf', size: 2048 },
    ]);
  });

  it('ignores a note that no visible message follows, and other hidden messages', () => {
    const map = attachmentsOfTranscript([
      { id: 'n1', role: 'user', content: note, hidden: true },
      { id: 'r1', role: 'assistant', content: 'reply', hidden: false },
      { id: 'm1', role: 'user', content: 'hello', hidden: false },
      { id: 'x', role: 'user', content: '📎 my holiday', hidden: true },
      { id: 'm2', role: 'user', content: 'hi', hidden: false },
    ]);
    expect(map.size).toBe(0);
  });
});

describe('attachment components', () => {
  it('offers a named attach button that hands the chosen files over', () => {
    const onFiles = vi.fn();
    const Wrapper = providers();
    render(
      <Wrapper>
        <AttachButton onFiles={onFiles} />
      </Wrapper>,
    );
    const button = screen.getByRole('button', { name: 'Attach files' });
    expect(button).toBeTruthy();
    const input = screen.getByTestId('attachment-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('a.pdf', 3, 'application/pdf')] } });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.pdf' })]);
  });

  it('lists selected files with size, format, state and a remove button (Italian)', async () => {
    const onRemove = vi.fn();
    const Wrapper = providers('it');
    const list: SelectedAttachment[] = [
      {
        key: 'k1',
        file: file('cv.pdf', 2048, 'application/pdf'),
        name: 'cv.pdf',
        size: 2048,
        type: 'application/pdf',
        status: 'uploading',
        progress: 0.4,
      },
      {
        key: 'k2',
        file: file('foto.png', 10, 'image/png'),
        name: 'foto.png',
        size: 10,
        type: 'image/png',
        status: 'error',
        progress: 0,
        error: 'Il file supera i 10 MB.',
      },
    ];
    render(
      <Wrapper>
        <SelectedAttachments attachments={list} onRemove={onRemove} />
      </Wrapper>,
    );
    expect(screen.getByRole('list', { name: 'File da inviare' })).toBeTruthy();
    expect(screen.getByText('PDF · 2 kB')).toBeTruthy();
    expect(screen.getByText('Caricamento… 40 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Caricamento di cv.pdf' })).toBeTruthy();
    expect(screen.getByText('Caricamento non riuscito – Il file supera i 10 MB.')).toBeTruthy();
    expect(screen.getByText('Caricamento non riuscito: foto.png')).toBeTruthy();
    // A file being uploaded cannot be removed; the failed one can.
    expect(screen.queryByRole('button', { name: 'Rimuovi cv.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi foto.png' }));
    expect(onRemove).toHaveBeenCalledWith('k2');
  });

  it('shows the files of a sent message', async () => {
    const Wrapper = providers();
    render(
      <Wrapper>
        <MessageAttachments
          attachments={[{ id: 'f1', name: 'notes.pdf', type: 'application/pdf', size: 4096 }]}
        />
      </Wrapper>,
    );
    expect(screen.getByRole('list', { name: '1 attached file' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('PDF · 4 kB')).toBeTruthy());
  });
});
