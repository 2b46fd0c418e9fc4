import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileTransport } from './file-transport.ts';
import type { OutgoingMail } from './mail-transport.ts';
import { readMailById, readMailbox } from './mailbox.ts';

const base: Omit<OutgoingMail, 'id' | 'to'> = {
  from: 'Innerview <hello@innerview.ch>',
  subject: 'Reset your Innerview password',
  text: 'Hi Anna,\n\nhttp://localhost:8080/reset-password?token=abc\n',
  html: '<p>Hi Anna</p>',
  links: ['http://localhost:8080/reset-password?token=abc'],
};

describe('the file transport and the mailbox it feeds', () => {
  let dir: string;
  let clock: number;

  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'iv-mail-')), 'mail');
    clock = Date.parse('2026-11-21T10:00:00.000Z');
  });
  afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

  /** Each send happens one second after the previous one. */
  const tick = () => {
    clock += 1000;
    return new Date(clock);
  };
  const transport = () => createFileTransport({ dir, now: tick });

  it('writes each mail as <sentAt>-<id>.json with the fields the mailbox serves', async () => {
    const { sentAt } = await transport().send({
      ...base,
      id: '0193a5c2-0000-7000-8000-000000000001',
      to: 'anna@example.ch',
    });
    expect(sentAt).toBe('2026-11-21T10:00:01.000Z');
    const files = await readdir(dir);
    expect(files).toEqual(['2026-11-21T10-00-01.000Z-0193a5c2-0000-7000-8000-000000000001.json']);
    const stored = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8'));
    expect(stored).toEqual({
      id: '0193a5c2-0000-7000-8000-000000000001',
      to: 'anna@example.ch',
      subject: base.subject,
      text: base.text,
      html: base.html,
      links: base.links,
      sentAt,
    });
  });

  it('lists mails newest first, filters by recipient and limit, and passes over broken files', async () => {
    const t = transport();
    await t.send({ ...base, id: '00000000-0000-7000-8000-000000000001', to: 'anna@example.ch' });
    await t.send({ ...base, id: '00000000-0000-7000-8000-000000000002', to: 'ben@example.ch' });
    await t.send({ ...base, id: '00000000-0000-7000-8000-000000000003', to: 'Anna@Example.ch' });
    await writeFile(path.join(dir, '2099-01-01T00-00-00.000Z-broken.json'), '{"id":');

    const all = await readMailbox(dir, { limit: 100 });
    expect(all.map((m) => m.id.slice(-1))).toEqual(['3', '2', '1']);
    const anna = await readMailbox(dir, { limit: 100, to: 'anna@example.ch' });
    expect(anna.map((m) => m.id.slice(-1))).toEqual(['3', '1']);
    expect((await readMailbox(dir, { limit: 1 })).map((m) => m.id.slice(-1))).toEqual(['3']);
    expect((await readMailById(dir, '00000000-0000-7000-8000-000000000002'))?.to).toBe('ben@example.ch');
    expect(await readMailById(dir, '00000000-0000-7000-8000-000000000009')).toBeUndefined();
  });

  it('reads an empty mailbox before the first mail', async () => {
    expect(await readMailbox(dir, { limit: 10 })).toEqual([]);
  });

  it('refuses a recipient that is no address, as SMTP would', async () => {
    await expect(
      transport().send({ ...base, id: '00000000-0000-7000-8000-000000000004', to: 'not an address' }),
    ).rejects.toThrow('mail delivery failed (EENVELOPE)');
    expect(await readMailbox(dir, { limit: 10 })).toEqual([]);
  });
});
