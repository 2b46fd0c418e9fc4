import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { StoredMail } from './mail-transport.ts';

/** A mail as the file transport stores it (also the dev mailbox's response body). */
export const storedMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: z.string(),
});

export interface MailboxQuery {
  /** At most this many, newest first. */
  limit: number;
  /** Only mails to this address (case-insensitive). */
  to?: string;
}

/**
 * The mails the file transport wrote, newest first. File names start with the send time, so the
 * newest are read first and reading stops at `limit`; unreadable files are passed over.
 */
export async function readMailbox(dir: string, query: MailboxQuery): Promise<StoredMail[]> {
  const names = (await listMailFiles(dir)).sort().reverse();
  const wanted = query.to?.toLowerCase();
  const mails: StoredMail[] = [];
  for (const name of names) {
    if (mails.length >= query.limit) break;
    const mail = await readMailFile(path.join(dir, name));
    if (mail && (!wanted || mail.to.toLowerCase() === wanted)) mails.push(mail);
  }
  return mails.sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : 0));
}

/** One mail by id (a uuid, checked by the caller), or undefined. */
export async function readMailById(dir: string, id: string): Promise<StoredMail | undefined> {
  const name = (await listMailFiles(dir)).find((n) => n.endsWith(`-${id}.json`));
  return name ? readMailFile(path.join(dir, name)) : undefined;
}

async function listMailFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readMailFile(file: string): Promise<StoredMail | undefined> {
  try {
    const parsed = storedMailSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
