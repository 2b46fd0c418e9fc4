/** Helpers the five language files share (kept apart from phrases.ts, which imports them). */

export const stopwordSet = (list: string) => new Set(list.split(/\s+/).filter((w) => w !== ''));

/**
 * French typography for a French text: a no-break space before : ; ? ! and inside « ». Applied to
 * the coach's own texts before the person's words go in, so those stay exactly as written.
 */
export function frenchSpacing<T>(value: T): T {
  if (typeof value === 'string')
    return value.replace(/ ([:;?!»])/g, '\u00a0$1').replace(/« /g, '«\u00a0') as T;
  if (Array.isArray(value)) return value.map((v) => frenchSpacing(v)) as T;
  if (value instanceof RegExp || value instanceof Set || value === null || typeof value !== 'object')
    return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frenchSpacing(v)])) as T;
}
