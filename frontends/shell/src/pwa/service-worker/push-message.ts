// What a push message becomes on the screen (docs/product.md#reminders). Pure, so it is tested
// without a worker; service-worker.ts shows it and opens its page on a click.

export interface ShownReminder {
  title: string;
  body: string;
  /** A path of this app: a message can never send the person to another site. */
  url: string;
  tag: string;
}

const FALLBACK: ShownReminder = { title: 'Innerview', body: '', url: '/chat', tag: 'innerview-reminder' };

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/** The notifications service's JSON `{ title, body, url, tag }`; anything odd falls back safely. */
export function reminderFromPush(payload: string | null | undefined): ShownReminder {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payload ?? '');
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the fallback, still shown (a push must show something, or the browser shows its own)
  }
  const url = text(data.url, 300);
  return {
    title: text(data.title, 120) ?? FALLBACK.title,
    body: text(data.body, 300) ?? FALLBACK.body,
    url: url && /^\/(?![/\\])/.test(url) ? url : FALLBACK.url,
    tag: text(data.tag, 80) ?? FALLBACK.tag,
  };
}

/** The open window to reuse for `url`: one already there, else any of the app's. */
export function windowToFocus<W extends { url: string }>(
  windows: readonly W[],
  url: string,
  origin: string,
): W | undefined {
  const target = new URL(url, origin).href;
  return windows.find((w) => w.url === target) ?? windows.find((w) => w.url.startsWith(origin));
}
