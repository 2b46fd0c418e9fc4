/** One server-sent event as a client sees it; comment lines (heartbeats) are skipped. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** The events of a text/event-stream body as they arrive (the raw lines are kept in `raw`). */
export async function* sseEvents(response: Response, raw?: string[]): AsyncGenerator<SseEvent> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const text = decoder.decode(value, { stream: true });
    raw?.push(text);
    buffer += text;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event: SseEvent = { data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length === 0) continue;
      event.data = data.join('\n');
      yield event;
    }
  }
}

/** Every event until the stream ends. */
export async function readSse(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of sseEvents(response)) events.push(event);
  return events;
}

/** The text of the reply: the content of every data chunk, joined. */
export function replyText(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === undefined && e.data !== '[DONE]')
    .map((e) => (JSON.parse(e.data) as { content: string }).content)
    .join('');
}
