// `npm run bench:search` (or `node bench/search/run.ts`): search time for one person with 100 sessions
// of 100 messages, the keyed index (ADR 0058) against a decrypting scan in the same run; rewrites the
// `## Chat search` section of docs/benchmarks.md. SESSIONS, PER_SESSION, QUERIES override; DRY_RUN=1
// prints instead of writing.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { searchWords } from '@innerview/contracts/chat-search';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { searchRows } from '../../services/chat/src/actions/search.ts';
import {
  decryptMessage,
  encryptMessage,
  encryptTitle,
  sessionTitle,
} from '../../services/chat/src/actions/stored-text.ts';
import type { ChatContext } from '../../services/chat/src/chat-context.ts';
import { chatMessages, chatSearchTokens, chatSessions } from '../../services/chat/src/db/schema.ts';
import { searchSnippet } from '../../services/chat/src/domain/search-snippet.ts';
import { startIntegrationRun } from '../../services/chat/src/testing/integration-setup.ts';
import { machineNote } from '../chat/report.ts';
import { percentile } from '../chat/streams.ts';
import { renderSearchSection, replaceSearchSection, type SearchRow } from './report.ts';

const sessions = Number(process.env.SESSIONS ?? 100);
const perSession = Number(process.env.PER_SESSION ?? 100);
const queryCount = Number(process.env.QUERIES ?? 60);
const docsFile = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

const vocabulary = [
  'today work felt heavy and I kept thinking about my sister and the deadline next week',
  'ich habe Angst vor der Prüfung und schlafe schlecht seit Tagen, die Arbeit ist zu viel',
  "j'ai envie de changer de travail mais j'ai peur de décevoir mon équipe et ma famille",
  'mi sento più tranquilla quando cammino in città la sera dopo il lavoro con mia madre',
  'quiero aprender a decir que no sin culpa, mañana hablo con mi jefe sobre el proyecto',
  'what helps is a walk before breakfast, writing three lines and calling a friend',
].map((line) => line.split(' '));
/** Words put into a few messages only: what a person looks for when they search. */
const rare = ['Zitronenbaum', 'lighthouse', 'Großmutter', 'anniversaire', 'giardino'];

let seed = 7;
const random = () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;

function sentence(): string {
  const words = pick(vocabulary);
  const length = 8 + Math.floor(random() * 20);
  const out = Array.from({ length }, () => pick(words));
  if (random() < 0.01) out.splice(Math.floor(random() * out.length), 0, pick(rare));
  return `${out.join(' ')}.`;
}

async function seedPerson(chat: ChatContext, userId: string): Promise<number> {
  const db = chat.service.db;
  let at = Date.now() - sessions * perSession * 60_000;
  let indexRows = 0;
  for (let s = 0; s < sessions; s += 1) {
    const sessionId = randomUUID();
    const created = new Date(at);
    await db.insert(chatSessions).values({
      id: sessionId,
      userId,
      titleCiphertext: await encryptTitle(chat, userId, sessionId, `Session ${s + 1}`),
      titleSource: 'user',
      createdAt: created,
      updatedAt: created,
    });
    const messages: Array<typeof chatMessages.$inferInsert> = [];
    const tokens: Array<typeof chatSearchTokens.$inferInsert> = [];
    for (let m = 0; m < perSession; m += 1) {
      const id = randomUUID();
      const text = sentence();
      at += 60_000;
      messages.push({
        id,
        sessionId,
        userId,
        role: m % 2 === 0 ? 'user' : 'assistant',
        kind: 'message',
        contentCiphertext: await encryptMessage(chat, userId, id, text),
        status: 'complete',
        createdAt: new Date(at),
      });
      tokens.push(...(await searchRows(chat, { userId, sessionId, messageId: id, text })));
    }
    await db.insert(chatMessages).values(messages);
    for (let i = 0; i < tokens.length; i += 2000)
      await db.insert(chatSearchTokens).values(tokens.slice(i, i + 2000));
    indexRows += tokens.length;
  }
  return indexRows;
}

/** The baseline: every message of the person read and decrypted, newest first, until 50 match. */
async function scan(chat: ChatContext, userId: string, query: string) {
  const words = searchWords(query);
  const rows = await chat.service.db
    .select({ message: chatMessages, session: chatSessions })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatSessions.deleted, false),
        eq(chatMessages.hidden, false),
        isNull(chatMessages.supersededAt),
      ),
    )
    .orderBy(desc(chatMessages.createdAt));
  const results = [];
  for (const { message, session } of rows) {
    const text = await decryptMessage(chat, message);
    const has = new Set(searchWords(text));
    if (!words.every((word) => has.has(word))) continue;
    results.push({
      session_id: session.id,
      session_title: await sessionTitle(chat, session),
      message_id: message.id,
      snippet: searchSnippet(text, words),
      timestamp: message.createdAt.toISOString(),
    });
    if (results.length === 50) break;
  }
  return results;
}

function row(way: string, times: number[]): SearchRow {
  return { way, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

const machine = machineNote();
const run = await startIntegrationRun();
try {
  const h = run.harness;
  const userId = randomUUID();
  const started = performance.now();
  const indexRows = await seedPerson(h.chat, userId);
  console.log(
    `seeded ${sessions}×${perSession} messages, ${indexRows} index rows in ${Math.round(performance.now() - started)} ms`,
  );
  const queries = Array.from({ length: queryCount }, (_, i) =>
    [
      () => pick(pick(vocabulary)),
      () => pick(rare),
      () => `${pick(vocabulary[1]!)} ${pick(vocabulary[1]!)}`,
      () => 'PRUFUNG angst',
      () => `${pick(vocabulary[2]!)} ${pick(vocabulary[2]!)} ${pick(vocabulary[2]!)}`,
    ][i % 5]!(),
  );
  const indexTimes: number[] = [];
  const scanTimes: number[] = [];
  // One warm-up of each (connections, key cache), then alternating so that load hits both alike.
  await h.call('GET', `/api/v1/chat-sessions/search?q=warm`, undefined, { userId }).then((r) => r.text());
  await scan(h.chat, userId, 'warm');
  for (const q of queries) {
    let t = performance.now();
    const response = await h.call(
      'GET',
      `/api/v1/chat-sessions/search?q=${encodeURIComponent(q)}`,
      undefined,
      {
        userId,
      },
    );
    const body = (await response.json()) as { results: unknown[] };
    indexTimes.push(performance.now() - t);
    t = performance.now();
    const scanned = await scan(h.chat, userId, q);
    scanTimes.push(performance.now() - t);
    if (response.status !== 200 || body.results.length !== scanned.length)
      throw new Error(`the two ways disagree on "${q}": ${body.results.length} vs ${scanned.length}`);
  }
  const report = {
    machine,
    sessions,
    perSession,
    indexRows,
    queries: queryCount,
    rows: [row('keyed index (HTTP)', indexTimes), row('decrypting scan (in process)', scanTimes)],
    date: new Date().toISOString().slice(0, 10),
  };
  const section = renderSearchSection(report);
  if (process.env.DRY_RUN) console.log(section);
  else writeFileSync(docsFile, replaceSearchSection(readFileSync(docsFile, 'utf8'), section));
  console.log(report.rows);
} finally {
  await run.stop();
}
