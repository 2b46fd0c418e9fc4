import { z } from 'zod';

/** docs/product.md#goals: a goal as every goals call returns it. */
export const GoalCheckin = z.enum(['daily', 'weekly', 'none']);
export const GoalStatus = z.enum(['active', 'done', 'dropped']);
export const GoalNote = z.object({ text: z.string(), created_at: z.string() });
export const Goal = z.object({
  id: z.string().uuid(),
  title: z.string(),
  checkin: GoalCheckin,
  next_checkin_at: z.string().nullable(),
  status: GoalStatus,
  notes: z.array(GoalNote),
  created_at: z.string(),
});
export type Goal = z.infer<typeof Goal>;
/** `GET /goals/`: the person's goals, oldest first. */
export const GoalList = z.object({ goals: z.array(Goal) });
export type GoalList = z.infer<typeof GoalList>;
/** `GET|PUT /goals/settings`: the weekly reflection e-mail, on or off. */
export const GoalSettings = z.object({ weekly_reflection: z.boolean() });
export type GoalSettings = z.infer<typeof GoalSettings>;
export type GoalNote = z.infer<typeof GoalNote>;
export type GoalCheckin = z.infer<typeof GoalCheckin>;
export type GoalStatus = z.infer<typeof GoalStatus>;

export const GOAL_TITLE_MAX = 200;
export const GOAL_NOTE_MAX = 1000;
/** Active goals one person may have at once. */
export const ACTIVE_GOALS_MAX = 20;

export const reflectionThemes = [
  'work',
  'relationship',
  'studies',
  'health',
  'confidence',
  'organisation',
  'social',
] as const;

/** The weekly reflection's facts: what the mail says, never a message's text. */
export const WeeklySummary = z.object({
  conversations: z.number().int().min(0),
  messages: z.number().int().min(0),
  themes: z.array(z.enum(reflectionThemes)).max(3),
  goals: z
    .array(
      z.object({
        title: z.string().max(GOAL_TITLE_MAX),
        status: GoalStatus,
        notes: z.number().int().min(0),
      }),
    )
    .max(ACTIVE_GOALS_MAX * 2),
});
export type WeeklySummary = z.infer<typeof WeeklySummary>;

export function reflectionSummaryAad(userId: string): string {
  return JSON.stringify(['chat.reflection.weekly_due', userId]);
}

/**
 * Binds the goal title sealed in `chat.goal.checkin_due` to its event and person: chat seals it with
 * `sealPayload(eventPayloadKeys, title, goalTitleAad(userId, goalId))`, notifications opens it
 * with the same AAD, so outbox rows, bus streams and job data never hold the title in clear.
 */
export function goalTitleAad(userId: string, goalId: string): string {
  return JSON.stringify(['chat.goal.checkin_due', userId, goalId]);
}
