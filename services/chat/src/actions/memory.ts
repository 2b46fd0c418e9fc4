import type { LanguageCode } from '@innerview/contracts';
import type { MemoryItem } from '@innerview/contracts/memory';
import type { UserCrypto } from '@innerview/crypto';
import { HttpError, type Queryable } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import type { ChatContext } from '../chat-context.ts';
import {
  countMemoryItems,
  deleteMemoryItem,
  findMemoryItem,
  findMemorySettings,
  insertMemoryItems,
  listMemoryItems,
  type MemoryItemRow,
  saveMemorySettings,
  updateMemoryItem,
} from '../db/memory.ts';
import {
  MEMORY_ITEM_LIMIT,
  type MemoryKind,
  type MemoryNote,
  type MemorySource,
  newNotes,
} from '../domain/memory/memory-rules.ts';

/** docs/product.md#memory "Memory item", as every call returns it (the contract's). */
export type MemoryItemView = MemoryItem;

const textAad = (id: string) => `memory_items.${id}.text`;

/** Where the keys and rows are read: the service's pool, or an event handler's transaction. */
interface Store {
  q: Queryable;
  crypto: UserCrypto;
}

const storeOf = (chat: ChatContext): Store => ({ q: chat.service.db, crypto: chat.crypto });

async function itemView(store: Store, row: MemoryItemRow): Promise<MemoryItemView> {
  return {
    id: row.id,
    kind: row.kind,
    text: await store.crypto.decryptForUser(row.userId, row.textCiphertext, textAad(row.id), store.q),
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Whether the person lets the coach remember (on unless they turned it off). */
export async function memoryEnabled(chat: ChatContext, userId: string, q: Queryable = chat.service.db) {
  return (await findMemorySettings(q, userId))?.enabled ?? true;
}

export async function listMemory(chat: ChatContext, userId: string, store = storeOf(chat)) {
  const rows = await listMemoryItems(store.q, userId);
  return Promise.all(rows.map((row) => itemView(store, row)));
}

/** `GET /memory/`: every item (also when memory is off: they stay visible and editable). */
export async function memoryOverview(chat: ChatContext, userId: string) {
  const [items, enabled] = await Promise.all([listMemory(chat, userId), memoryEnabled(chat, userId)]);
  return { items, enabled };
}

const limitReached = () =>
  new HttpError(
    409,
    `You can keep at most ${MEMORY_ITEM_LIMIT} memory items. Delete some to add new ones.`,
    'MEMORY_LIMIT_REACHED',
  );

/** `POST /memory/`: the person's own item, kept even when memory is off (it is theirs to write). */
export async function addMemoryItem(
  chat: ChatContext,
  userId: string,
  body: { kind?: MemoryKind | undefined; text: string },
): Promise<MemoryItemView> {
  const { service } = chat;
  if ((await countMemoryItems(service.db, userId)) >= MEMORY_ITEM_LIMIT) throw limitReached();
  const id = uuidv7();
  const now = service.clock.now();
  const row: MemoryItemRow = {
    id,
    userId,
    kind: body.kind ?? 'other',
    source: 'person',
    textCiphertext: await chat.crypto.encryptForUser(userId, body.text, textAad(id)),
    createdAt: now,
    updatedAt: now,
  };
  await insertMemoryItems(service.db, [row]);
  return itemView(storeOf(chat), row);
}

/** `PATCH /memory/{id}`; null when the person has no such item. */
export async function editMemoryItem(
  chat: ChatContext,
  userId: string,
  id: string,
  body: { kind?: MemoryKind | undefined; text?: string | undefined },
): Promise<MemoryItemView | null> {
  const { service } = chat;
  const row = await findMemoryItem(service.db, userId, id);
  if (!row) return null;
  const now = service.clock.now();
  const set = {
    updatedAt: now,
    ...(body.kind ? { kind: body.kind } : {}),
    ...(body.text !== undefined
      ? { textCiphertext: await chat.crypto.encryptForUser(userId, body.text, textAad(id)) }
      : {}),
  };
  await updateMemoryItem(service.db, userId, id, set);
  return itemView(storeOf(chat), { ...row, ...set });
}

export function removeMemoryItem(chat: ChatContext, userId: string, id: string): Promise<boolean> {
  return deleteMemoryItem(chat.service.db, userId, id);
}

export async function setMemoryEnabled(chat: ChatContext, userId: string, enabled: boolean) {
  await saveMemorySettings(chat.service.db, userId, { enabled }, chat.service.clock.now());
  return { enabled };
}

/**
 * Keeps what the coach noticed (the questionnaire, a conversation), when memory is on: only notes
 * that are safe, new and fit under the limit. Returns how many were kept.
 */
export async function keepNotes(
  chat: ChatContext,
  input: {
    userId: string;
    notes: MemoryNote[];
    source: Exclude<MemorySource, 'person'>;
    language: LanguageCode;
  },
  store: Store = storeOf(chat),
): Promise<number> {
  const { userId } = input;
  if (input.notes.length === 0 || !(await memoryEnabled(chat, userId, store.q))) return 0;
  const kept = await listMemory(chat, userId, store);
  const room = MEMORY_ITEM_LIMIT - kept.length;
  if (room <= 0) return 0;
  const fresh = newNotes(
    input.notes,
    kept.map((item) => item.text),
    input.language,
    room,
  );
  const now = chat.service.clock.now();
  const rows = await Promise.all(
    fresh.map(async (note): Promise<MemoryItemRow> => {
      const id = uuidv7();
      return {
        id,
        userId,
        kind: note.kind,
        source: input.source,
        textCiphertext: await store.crypto.encryptForUser(userId, note.text, textAad(id)),
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await insertMemoryItems(store.q, rows);
  return rows.length;
}

/** What the coach may use: nothing when memory is off. */
export async function memoryForCoach(chat: ChatContext, userId: string): Promise<MemoryNote[]> {
  if (!(await memoryEnabled(chat, userId))) return [];
  return (await listMemory(chat, userId)).map((item) => ({ kind: item.kind, text: item.text }));
}
