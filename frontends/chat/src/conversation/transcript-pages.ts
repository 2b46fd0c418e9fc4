import type { ApiError, AppDispatch } from '@innerview/api-client';
import { chatApi, holdsFirstMessage, type TranscriptEntry } from '../chat-api.ts';

/** A page read, with whether it holds the session's first message; or why it could not be read. */
export type TranscriptPage = { entries: TranscriptEntry[]; complete: boolean } | { error: ApiError };

const UNKNOWN_ERROR: ApiError = { code: 'SERVER_ERROR', message: '' };

const pages = chatApi.endpoints.getTranscriptPages;

/**
 * The transcript of the session on screen, read through RTK Query's infinite query: one
 * subscription holds its pages while it is open, so "load earlier" asks the cache for the next
 * page (it knows the cursor, and asks once while a page is being read).
 */
export class TranscriptPages {
  private subscription: { unsubscribe(): void } | null = null;
  /** The session whose pages are held (kept while released, to hold them again). */
  private sessionId: string | null = null;

  private readonly dispatch: AppDispatch;

  constructor(dispatch: AppDispatch) {
    this.dispatch = dispatch;
  }

  /** The newest page, read again even when cached (an opening, a reload, a refresh). */
  async newest(sessionId: string): Promise<TranscriptPage> {
    this.release();
    const request = this.dispatch(pages.initiate(sessionId, { forceRefetch: true }));
    this.subscription = request;
    this.sessionId = sessionId;
    let result = await request;
    // An older page was being read: the forced read waited for it and got both. The screen starts
    // over at the newest page, so the cache must too (or the next older page leaves a gap).
    if ((result.data?.pages.length ?? 0) > 1) result = await request.refetch();
    const page = result.isError ? undefined : result.data?.pages[0];
    if (!page) return { error: (result.error as ApiError | undefined) ?? UNKNOWN_ERROR };
    return { entries: page, complete: holdsFirstMessage(page) };
  }

  /** The page before the oldest one read so far. */
  async older(sessionId: string): Promise<TranscriptPage> {
    const result = await this.dispatch(pages.initiate(sessionId, { direction: 'forward', subscribe: false }));
    // Only the newest page in the cache: a reread of it was running, and no older page was read.
    const read = !result.isError && (result.data?.pages.length ?? 0) > 1;
    const page = read ? result.data?.pages.at(-1) : undefined;
    if (!page) return { error: (result.error as ApiError | undefined) ?? UNKNOWN_ERROR };
    return { entries: page, complete: holdsFirstMessage(page) };
  }

  /** Another session or a new chat is shown: these pages are no longer wanted. */
  close(): void {
    this.release();
    this.sessionId = null;
  }

  /** Nothing on screen reads the pages any more: they may leave the cache. */
  release(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  /**
   * Holds the released pages again. React's StrictMode unmounts and mounts at once: subscribing
   * again before the cache's removal timer runs keeps the pages (and a page still being read).
   */
  hold(): void {
    if (this.subscription || this.sessionId === null) return;
    this.subscription = this.dispatch(pages.initiate(this.sessionId));
  }

  /** The server's id of the last visible message of `role` (a message sent here has a local id). */
  async lastServerId(sessionId: string, role: TranscriptEntry['role']): Promise<string | undefined> {
    const result = await this.dispatch(
      chatApi.endpoints.getLastMessages.initiate(
        { id: sessionId, limit: 4 },
        { forceRefetch: true, subscribe: false },
      ),
    );
    return result.data?.filter((e) => !e.hidden && e.role === role).at(-1)?.id;
  }
}
