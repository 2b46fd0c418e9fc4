import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactBody } from './exact-body.ts';

const Person = z.object({
  id: z.string(),
  nick: z.string().optional(),
  user: z.object({ onboarded: z.boolean() }),
  steps: z.array(z.object({ step: z.number() })),
});

describe('exactBody', () => {
  it('passes a body with exactly the named fields, optional ones left out', () => {
    const body = { id: 'a', user: { onboarded: true }, steps: [{ step: 1 }] };
    expect(exactBody(Person, body)).toEqual(body);
  });

  it('fails on a field missing or of another type', () => {
    expect(() => exactBody(Person, { id: 'a', steps: [] })).toThrow();
    expect(() => exactBody(Person, { id: 1, user: { onboarded: true }, steps: [] })).toThrow();
  });

  it('fails on a field the schema does not name, however deep', () => {
    const base = { id: 'a', user: { onboarded: true }, steps: [{ step: 1 }] };
    expect(() => exactBody(Person, { ...base, email: 'x' })).toThrow('$.email');
    expect(() => exactBody(Person, { ...base, user: { onboarded: true, id: 'a' } })).toThrow('$.user.id');
    expect(() => exactBody(Person, { ...base, steps: [{ step: 1, title: 't' }] })).toThrow(
      '$.steps[0].title',
    );
  });
});
