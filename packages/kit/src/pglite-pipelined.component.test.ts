import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asText, pipelinedClient } from './pglite-pipelined.ts';

const notes = pgTable('notes', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  done: boolean('done').notNull(),
  stars: integer('stars').notNull(),
  tags: text('tags').array().notNull(),
  meta: jsonb('meta').$type<{ lang: string; n: number }>(),
  dueAt: timestamp('due_at', { withTimezone: true }),
});

let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  await client.exec(`create table notes (id uuid primary key, title text not null, done boolean not null,
    stars integer not null, tags text[] not null, meta jsonb, due_at timestamptz)`);
  db = drizzle(pipelinedClient(client));
});
afterAll(async () => {
  await client.close();
});

const id = '0195a8f2-3c4d-7e5f-8a9b-0c1d2e3f4a5b';

describe('PGlite with pipelined queries', () => {
  it('writes and reads back every kind of value drizzle sends, as the plain client does', async () => {
    const due = new Date('2026-11-21T10:15:30.123Z');
    await db.insert(notes).values({
      id,
      title: 'It\'s "quoted", with \\ and ünïcødé',
      done: true,
      stars: 3,
      tags: ['a', 'b "c"', 'd,e', 'back\\slash'],
      meta: { lang: 'fr', n: 2 },
      dueAt: due,
    });
    const [viaPipeline] = await db.select().from(notes).where(eq(notes.id, id));
    const [viaPlainClient] = await drizzle(client).select().from(notes).where(eq(notes.id, id));
    expect(viaPipeline).toEqual({
      id,
      title: 'It\'s "quoted", with \\ and ünïcødé',
      done: true,
      stars: 3,
      tags: ['a', 'b "c"', 'd,e', 'back\\slash'],
      meta: { lang: 'fr', n: 2 },
      dueAt: due,
    });
    expect(viaPipeline).toEqual(viaPlainClient);
  });

  it('passes nulls, counts changed rows and runs prepared statements with placeholders', async () => {
    const update = await db.update(notes).set({ meta: null, dueAt: null }).where(eq(notes.id, id));
    expect((update as unknown as { affectedRows: number }).affectedRows).toBe(1);
    const byStars = db
      .select({ title: notes.title, meta: notes.meta })
      .from(notes)
      .where(eq(notes.stars, sql.placeholder('stars')))
      .prepare('notes_by_stars');
    expect(await byStars.execute({ stars: 3 })).toEqual([
      { title: 'It\'s "quoted", with \\ and ünïcødé', meta: null },
    ]);
    expect(await byStars.execute({ stars: 4 })).toEqual([]);
  });

  it('parses a remembered statement again when the schema changes under it', async () => {
    const all = () => db.execute(sql`select * from notes where stars >= ${0}`);
    const before = (await all()) as unknown as { rows: Array<Record<string, unknown>> };
    await client.exec('alter table notes add column color text');
    const after = (await all()) as unknown as { rows: Array<Record<string, unknown>> };
    expect(Object.keys(after.rows[0]!)).toEqual([...Object.keys(before.rows[0]!), 'color']);
    await client.exec('alter table notes drop column color');
  });

  it("rejects with the server's error code and keeps working afterwards", async () => {
    const duplicate = db.insert(notes).values({ id, title: 'again', done: false, stars: 1, tags: [] });
    await expect(duplicate).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    expect(await db.select({ id: notes.id }).from(notes)).toEqual([{ id }]);
  });

  it('rolls back a failed transaction as a whole', async () => {
    const other = '0195a8f2-3c4d-7e5f-8a9b-0c1d2e3f4a5c';
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: other, title: 'in tx', done: false, stars: 0, tags: [] });
        await tx.insert(notes).values({ id, title: 'clash', done: false, stars: 0, tags: [] });
      }),
    ).rejects.toThrow();
    expect(await db.select({ id: notes.id }).from(notes)).toEqual([{ id }]);
  });

  it('keeps a statement outside a transaction waiting until the transaction ends', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.update(notes).set({ stars: 5 }).where(eq(notes.id, id));
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db
      .select({ stars: notes.stars })
      .from(notes)
      .then((rows) => {
        order.push('outside read');
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await tx;
    expect(await outside).toEqual([{ stars: 5 }]);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });
});

describe('parameter text', () => {
  it('writes values as node-postgres does', () => {
    expect(asText(null)).toBeNull();
    expect(asText(undefined)).toBeNull();
    expect(asText(false)).toBe('false');
    expect(asText(12.5)).toBe('12.5');
    expect(asText(10n)).toBe('10');
    expect(asText(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(asText(new Uint8Array([0, 255]))).toBe('\\x00ff');
    expect(asText({ a: [1] })).toBe('{"a":[1]}');
    expect(
      asText([
        ['x', null],
        ['y"', 'z'],
      ]),
    ).toBe('{{"x",NULL},{"y\\"","z"}}');
  });
});
