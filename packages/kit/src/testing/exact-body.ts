// Test-only: checks a service's real answer against its contract (ADR 0066).
import type { z } from 'zod';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where `body` has a field that zod dropped while parsing it into `parsed`, at any depth. */
function unnamedFields(body: unknown, parsed: unknown, at: string): string[] {
  if (Array.isArray(body) && Array.isArray(parsed))
    return body.flatMap((item, i) => unnamedFields(item, parsed[i], `${at}[${i}]`));
  if (isFields(body) && isFields(parsed))
    return Object.keys(body).flatMap((key) =>
      key in parsed ? unnamedFields(body[key], parsed[key], `${at}.${key}`) : [`${at}.${key}`],
    );
  return [];
}

/**
 * `body` parsed with a contract's response schema, refusing any difference at any depth: a field
 * missing or of another type fails the parse, and a field the schema does not name (zod drops those
 * quietly) fails here. The api-client's types are `z.infer` of the same schemas, so a body that
 * passes is exactly what the front ends are typed to read.
 */
export function exactBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.parse(body);
  const unnamed = unnamedFields(body, parsed, '$');
  if (unnamed.length > 0) throw new Error(`fields the contract does not name: ${unnamed.join(', ')}`);
  return parsed;
}
