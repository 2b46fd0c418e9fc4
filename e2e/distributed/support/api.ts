import { randomInt, randomUUID } from 'node:crypto';

export const PASSWORD = 'Analytical1';

/** One request the suite made, as the caller saw it. */
export type Call = {
  kind: string;
  scenario: string;
  status: number;
  /** The error body's code (or the SSE error event's), when there was one. */
  code?: string;
  detail?: string;
  /** The error body had the product's shape `{ detail, code }`. */
  errorShape?: boolean;
  ms: number;
  at: number;
  /** What must exist afterwards if the product accepted it. */
  effect?: Effect;
};

export type Effect =
  | { type: 'signup'; email: string }
  | { type: 'login'; token: string }
  | { type: 'chat'; token: string; sessionId: string; message: string };

export type SseEvent = { id?: string; event?: string; data: string };

/** Reads a server-sent event stream to its end (or until `stop` says so). */
export async function* sseEvents(response: Response): AsyncGenerator<SseEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) event.id = line.slice(3).trim();
        else if (line.startsWith('event:')) event.event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      event.data = data.join('\n');
      if (data.length > 0 || event.event) yield event;
      cut = buffer.indexOf('\n\n');
    }
  }
}

export async function readAll(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const e of sseEvents(response)) events.push(e);
  return events;
}

/** Calls through the gateway as one client address (the product limits per address). */
export class Api {
  readonly calls: Call[] = [];
  scenario = 'setup';
  readonly address = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** A person deleted their account: what they had is gone on purpose, so it is no longer owed. */
  forget(token: string): void {
    for (const call of this.calls)
      if (call.effect && 'token' in call.effect && call.effect.token === token) call.effect = undefined;
  }

  async raw(
    path: string,
    init: RequestInit & { token?: string; json?: unknown; timeoutMs?: number } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
  }

  /** A call recorded in the ledger: its status, and the error body's shape when it failed. */
  async record(
    kind: string,
    send: () => Promise<Response>,
    effect?: (res: Response) => Promise<Effect | undefined>,
  ) {
    const at = Date.now();
    const call: Call = { kind, scenario: this.scenario, status: 0, ms: 0, at };
    let response: Response | undefined;
    try {
      response = await send();
      call.status = response.status;
      if (response.ok) {
        call.effect = effect ? await effect(response) : undefined;
        if (!effect) await response.body?.cancel();
      } else {
        const text = await response.text();
        try {
          const body = JSON.parse(text) as { detail?: unknown; code?: unknown };
          call.errorShape = typeof body.detail === 'string' && typeof body.code === 'string';
          call.code = typeof body.code === 'string' ? body.code : undefined;
          call.detail = typeof body.detail === 'string' ? body.detail : undefined;
        } catch {
          call.errorShape = false;
        }
      }
    } catch (err) {
      // No answer at all (reset, time-out of the suite's own 30 s): not an answer in the error shape.
      call.status = call.status || 0;
      call.code = call.code ?? (err as Error).name;
      call.detail = (err as Error).message;
      call.errorShape = false;
      call.effect = undefined;
    }
    call.ms = Date.now() - at;
    this.calls.push(call);
    return { call, response };
  }

  signup(email: string, firstName = 'Load') {
    return this.record(
      'signup',
      () =>
        this.raw('/api/v1/users/signup', {
          method: 'POST',
          json: {
            first_name: firstName,
            last_name: 'Tester',
            email,
            date_of_birth: '1990-12-10',
            password: PASSWORD,
            confirm_password: PASSWORD,
            terms_accepted: true,
            privacy_accepted: true,
            language: 'en',
          },
        }),
      async (res) => {
        await res.body?.cancel();
        return { type: 'signup', email };
      },
    );
  }

  login(email: string) {
    return this.record(
      'login',
      () =>
        this.raw('/api/v1/login/access-token', {
          method: 'POST',
          body: new URLSearchParams({
            username: email,
            password: PASSWORD,
            grant_type: 'password',
            scope: '',
          }),
        }),
      async (res) => ({
        type: 'login',
        token: ((await res.json()) as { access_token: string }).access_token,
      }),
    );
  }

  /**
   * A streamed chat message. Accepted only if the stream ends with `[DONE]`; a stream that ends
   * with an `event: error` is a failure in the error shape; one that just stops is a silent cut.
   */
  async chat(token: string, message = `How do I say no kindly? ${randomUUID().slice(0, 6)}`) {
    const at = Date.now();
    const { call, response } = await this.record(
      'chat',
      () =>
        this.raw('/api/v1/chat/stream', {
          method: 'POST',
          token,
          json: { message, session_id: null },
          timeoutMs: 60_000,
        }),
      async () => undefined,
    );
    if (!response?.ok) return call;
    try {
      const events = await readAll(response);
      const first = events.find((e) => e.data.startsWith('{') && e.data.includes('session_id'));
      const sessionId = first ? (JSON.parse(first.data) as { session_id: string }).session_id : '';
      const last = events.at(-1);
      if (last?.data === '[DONE]') call.effect = { type: 'chat', token, sessionId, message };
      else if (last?.event === 'error') {
        const body = JSON.parse(last.data) as { detail?: string; code?: string };
        call.status = 503;
        call.code = body.code;
        call.detail = body.detail;
        call.errorShape = typeof body.detail === 'string' && typeof body.code === 'string';
      } else {
        call.status = 0;
        call.code = 'STREAM_CUT';
        call.errorShape = false;
      }
    } catch (err) {
      call.status = 0;
      call.code = 'STREAM_CUT';
      call.detail = (err as Error).message;
      call.errorShape = false;
    }
    call.ms = Date.now() - at;
    return call;
  }

  status(token: string) {
    return this.record('billing-status', () => this.raw('/api/v1/subscriptions/status', { token }));
  }
}

/** The verification token of the newest verification link in `text` (the mail's body). */
export function verificationToken(text: string): string | undefined {
  const match = /verification-success\?token=([A-Za-z0-9._~%-]+)/.exec(text.replace(/&amp;/g, '&'));
  return match ? decodeURIComponent(match[1]!) : undefined;
}
