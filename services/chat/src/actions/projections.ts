import {
  answersSnapshotAad,
  type EventEnvelope,
  QuestionnaireAnswersSnapshot,
  toLanguageCode,
} from '@innerview/contracts';
import { openPayload } from '@innerview/crypto';
import { kitOutbox, PoisonEventError, type Tx } from '@innerview/kit';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ChatContext } from '../chat-context.ts';
import { deleteVerdict, storeVerdict } from '../db/access.ts';
import { erasedUnderLock, lockPerson } from '../db/erased.ts';
import { deleteUserGoals } from '../db/goals.ts';
import { deleteUserMemory } from '../db/memory.ts';
import { deleteProfile, saveAnswers, saveLanguage } from '../db/profiles.ts';
import { deleteReflection } from '../db/reflections.ts';
import { deleteUserTokens } from '../db/search-index.ts';
import { sendContextCache } from '../db/send-context-cache.ts';
import { deleteUserSessions } from '../db/sessions.ts';
import { drawFromQuestionnaire } from './memory-sources.ts';
import { stopUserReplies } from './reply-control.ts';
import { aad } from './stored-text.ts';

/**
 * `billing.chat-access.changed` → the stored verdict (ADR 0066). Chat holds no access policy of its
 * own: it keeps billing's newest verdict and reads it against its clock at every message.
 */
export async function chatAccessChanged(
  chat: ChatContext,
  event: EventEnvelope<'billing.chat-access.changed'>,
  tx: Tx,
): Promise<void> {
  // What a message checks first changes here: the cached copy goes (see SendContextCache).
  sendContextCache(chat.service).forget(event.data.userId);
  const { data } = event;
  if (await erasedUnderLock(tx, data.userId)) return;
  await storeVerdict(
    tx,
    data.userId,
    {
      allowed: data.allowed,
      allowedUntil: data.allowedUntil ? new Date(data.allowedUntil) : null,
      reason: data.reason,
      access: data.access,
      trialTokensRemaining: data.trialTokensRemaining,
    },
    new Date(event.occurredAt),
    chat.service.clock.now(),
  );
}

/** The language the person chose: the coach's default when a message does not tell. */
export async function languageChosen(
  chat: ChatContext,
  event: EventEnvelope<'auth.settings.changed'> | EventEnvelope<'auth.user.registered'>,
  tx: Tx,
): Promise<void> {
  // What a message checks first changes here: the cached copy goes (see SendContextCache).
  sendContextCache(chat.service).forget(event.data.userId);
  if (await erasedUnderLock(tx, event.data.userId)) return;
  const language = toLanguageCode(event.data.language);
  if (language)
    await saveLanguage(
      tx,
      event.data.userId,
      language,
      chat.service.clock.now(),
      event.type === 'auth.user.registered',
    );
}

/**
 * `questionnaire.answers.changed`: the sealed snapshot is opened with the shared event-payload key
 * and kept re-encrypted under the person's own data key; an older revision changes nothing.
 */
export async function answersChanged(
  chat: ChatContext,
  event: EventEnvelope<'questionnaire.answers.changed'>,
  tx: Tx,
): Promise<void> {
  // What a message checks first changes here: the cached copy goes (see SendContextCache).
  sendContextCache(chat.service).forget(event.data.userId);
  const { userId, revision, submitted, sealedAnswers } = event.data;
  // Also keeps encryptForUser from failing on the destroyed key, which would retry it for nothing.
  if (await erasedUnderLock(tx, userId)) return;
  let snapshot: QuestionnaireAnswersSnapshot;
  try {
    const json = openPayload(chat.eventPayloadKeys, sealedAnswers, answersSnapshotAad(userId));
    snapshot = QuestionnaireAnswersSnapshot.parse(JSON.parse(json));
  } catch {
    // A wrong key or a damaged payload will not get better on retry.
    throw new PoisonEventError('questionnaire answers could not be opened');
  }
  const ciphertext = await chat.cryptoIn(tx).encryptForUser(userId, JSON.stringify(snapshot), aad.answers);
  await saveAnswers(
    tx,
    { userId, answersCiphertext: ciphertext, revision, submitted },
    chat.service.clock.now(),
  );
  // A few memory items from the submitted answers, once (docs/product.md#memory).
  if (submitted) await drawFromQuestionnaire(chat, tx, userId, snapshot.answers);
}

/** The 90-day erasure: every session, message, memory item and projection goes, and the data key is destroyed. */
export async function userErased(
  chat: ChatContext,
  event: EventEnvelope<'auth.user.erased'>,
  tx: Tx,
): Promise<void> {
  // What a message checks first changes here: the cached copy goes (see SendContextCache).
  sendContextCache(chat.service).forget(event.data.userId);
  const { userId } = event.data;
  // A projection event handled at the same moment commits before this sweep, or sees the tombstone.
  await lockPerson(tx, userId);
  await stopUserReplies(chat, userId);
  await deleteUserSessions(tx, userId);
  await deleteUserGoals(tx, userId);
  await deleteReflection(tx, userId);
  // The messages' cascade takes their index rows; this says so without relying on it.
  await deleteUserTokens(tx, userId);
  await deleteVerdict(tx, userId);
  await deleteProfile(tx, userId);
  await deleteUserMemory(tx, userId);
  // Chat's events already sent about the person (their id, token counts, session ids) go too.
  await tx.delete(kitOutbox).where(and(eq(kitOutbox.subject, userId), isNotNull(kitOutbox.publishedAt)));
  await chat.crypto.destroyUserKey(userId, tx);
}
