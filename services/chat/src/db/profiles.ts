import type { Queryable } from '@innerview/kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { coachProfiles } from './schema.ts';

export type ProfileRow = typeof coachProfiles.$inferSelect;

export async function findProfile(q: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await q.select().from(coachProfiles).where(eq(coachProfiles.userId, userId)).limit(1);
  return row;
}

/** `onlyIfUnset`: the sign-up language must not overwrite a later choice that arrived first. */
export async function saveLanguage(
  q: Queryable,
  userId: string,
  language: string,
  now: Date,
  onlyIfUnset = false,
): Promise<void> {
  await q
    .insert(coachProfiles)
    .values({ userId, language, updatedAt: now })
    .onConflictDoUpdate({
      target: coachProfiles.userId,
      set: { language, updatedAt: now },
      ...(onlyIfUnset ? { setWhere: sql`${coachProfiles.language} is null` } : {}),
    });
}

/** Keeps the newest questionnaire snapshot only (`revision` grows with every change). */
export async function saveAnswers(
  q: Queryable,
  values: { userId: string; answersCiphertext: string; revision: number; submitted: boolean },
  now: Date,
): Promise<void> {
  await q
    .insert(coachProfiles)
    .values({
      userId: values.userId,
      answersCiphertext: values.answersCiphertext,
      answersRevision: values.revision,
      questionnaireSubmitted: values.submitted,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: coachProfiles.userId,
      set: {
        answersCiphertext: values.answersCiphertext,
        answersRevision: values.revision,
        questionnaireSubmitted: values.submitted,
        updatedAt: now,
      },
      setWhere: sql`${coachProfiles.answersRevision} < ${values.revision}`,
    });
}

export async function deleteProfile(q: Queryable, userId: string): Promise<void> {
  await q.delete(coachProfiles).where(eq(coachProfiles.userId, userId));
}

/**
 * Claims the coach's personal opening (docs/product.md#the-coachs-first-opening): one conditional
 * update, so of two calls at once only one gets the profile back. Only a submitted questionnaire
 * with answers is claimed.
 */
export async function claimFirstOpening(
  q: Queryable,
  userId: string,
  now: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await q
    .update(coachProfiles)
    .set({ firstOpeningAt: now })
    .where(
      and(
        eq(coachProfiles.userId, userId),
        isNull(coachProfiles.firstOpeningAt),
        eq(coachProfiles.questionnaireSubmitted, true),
        sql`${coachProfiles.answersCiphertext} is not null`,
      ),
    )
    .returning();
  return row;
}

/** Gives the opening back when it could not start (no plan yet): the next new chat tries again. */
export async function releaseFirstOpening(q: Queryable, userId: string): Promise<void> {
  await q.update(coachProfiles).set({ firstOpeningAt: null }).where(eq(coachProfiles.userId, userId));
}
