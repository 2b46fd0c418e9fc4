import { ACTIVE_GOALS_MAX, type Goal, type GoalCheckin, type GoalStatus } from '@innerview/contracts/goals';
import { HttpError, type Queryable } from '@innerview/kit';
import { v7 as uuidv7 } from 'uuid';
import type { ChatContext } from '../chat-context.ts';
import {
  countActiveGoals,
  deleteOwnGoal,
  findOwnGoal,
  type GoalRow,
  insertGoal,
  listOwnGoals,
  type NewGoalRow,
  updateGoal,
} from '../db/goals.ts';
import { firstCheckin } from '../domain/goals.ts';

type Note = { text: string; created_at: string };

const aad = {
  title: (goalId: string) => `goals.${goalId}.title`,
  notes: (goalId: string) => `goals.${goalId}.notes`,
};

export function goalTitle(chat: ChatContext, row: GoalRow, q?: Queryable): Promise<string> {
  return chat.crypto.decryptForUser(row.userId, row.titleCiphertext, aad.title(row.id), q);
}

async function goalNotes(chat: ChatContext, row: GoalRow): Promise<Note[]> {
  if (!row.notesCiphertext) return [];
  return JSON.parse(await chat.crypto.decryptForUser(row.userId, row.notesCiphertext, aad.notes(row.id)));
}

/** docs/product.md#goals: a goal as every call (and the export) returns it, decrypted. */
export async function goalView(chat: ChatContext, row: GoalRow): Promise<Goal> {
  return {
    id: row.id,
    title: await goalTitle(chat, row),
    checkin: row.checkin,
    next_checkin_at: row.nextCheckinAt?.toISOString() ?? null,
    status: row.status,
    notes: await goalNotes(chat, row),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listGoals(chat: ChatContext, userId: string): Promise<{ goals: Goal[] }> {
  const rows = await listOwnGoals(chat.service.db, userId);
  return { goals: await Promise.all(rows.map((row) => goalView(chat, row))) };
}

function tooManyActive(): HttpError {
  return new HttpError(
    409,
    `At most ${ACTIVE_GOALS_MAX} goals can be active at once: complete or drop one first.`,
    'CONFLICT',
  );
}

export async function createGoal(
  chat: ChatContext,
  userId: string,
  body: { title: string; checkin?: GoalCheckin },
): Promise<Goal> {
  const db = chat.service.db;
  const now = chat.service.clock.now();
  const checkin = body.checkin ?? 'weekly';
  if ((await countActiveGoals(db, userId)) >= ACTIVE_GOALS_MAX) throw tooManyActive();
  const id = uuidv7();
  const row = await insertGoal(db, {
    id,
    userId,
    titleCiphertext: await chat.crypto.encryptForUser(userId, body.title, aad.title(id)),
    notesCiphertext: null,
    checkin,
    status: 'active',
    nextCheckinAt: firstCheckin(checkin, now),
    checkinDueAt: null,
    createdAt: now,
    updatedAt: now,
  });
  return goalView(chat, row);
}

export interface GoalChange {
  title?: string;
  checkin?: GoalCheckin;
  status?: GoalStatus;
  note?: string;
}

/**
 * `PATCH /goals/{id}`: a new title, rhythm or status, and/or one progress note appended. A goal
 * no longer active has no check-in; one made active again (or given a new rhythm) starts its
 * rhythm anew from now.
 */
export async function changeGoal(
  chat: ChatContext,
  userId: string,
  id: string,
  change: GoalChange,
): Promise<Goal> {
  const db = chat.service.db;
  const row = await findOwnGoal(db, userId, id);
  if (!row) throw new HttpError(404);
  const now = chat.service.clock.now();
  const set: Partial<NewGoalRow> = { updatedAt: now };
  if (change.title !== undefined)
    set.titleCiphertext = await chat.crypto.encryptForUser(userId, change.title, aad.title(id));
  if (change.note !== undefined) {
    const notes = [...(await goalNotes(chat, row)), { text: change.note, created_at: now.toISOString() }];
    set.notesCiphertext = await chat.crypto.encryptForUser(userId, JSON.stringify(notes), aad.notes(id));
  }
  const status = change.status ?? row.status;
  const checkin = change.checkin ?? row.checkin;
  if (
    status === 'active' &&
    row.status !== 'active' &&
    (await countActiveGoals(db, userId)) >= ACTIVE_GOALS_MAX
  )
    throw tooManyActive();
  if (status !== 'active') {
    set.nextCheckinAt = null;
    set.checkinDueAt = null;
  } else if (row.status !== 'active' || checkin !== row.checkin) {
    set.nextCheckinAt = firstCheckin(checkin, now);
    if (checkin === 'none') set.checkinDueAt = null;
  }
  set.status = status;
  set.checkin = checkin;
  const saved = await updateGoal(db, userId, id, set);
  if (!saved) throw new HttpError(404);
  return goalView(chat, saved);
}

export async function removeGoal(chat: ChatContext, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnGoal(chat.service.db, userId, id))) throw new HttpError(404);
}
