import { ErrorBody } from '@innerview/contracts';
import {
  GOAL_NOTE_MAX,
  GOAL_TITLE_MAX,
  Goal,
  GoalCheckin,
  GoalList,
  GoalSettings,
  GoalStatus,
} from '@innerview/contracts/goals';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import { openWithCheckin } from '../actions/checkin-opening.ts';
import { openWithIntroduction } from '../actions/first-opening.ts';
import { changeGoal, createGoal, listGoals, removeGoal } from '../actions/goals.ts';
import { reflectionSetting, setReflection } from '../actions/reflections.ts';
import type { ChatContext } from '../chat-context.ts';

const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, { error: 'title must not be empty' })
  .max(GOAL_TITLE_MAX, { error: `title must be at most ${GOAL_TITLE_MAX} characters` });
const note = z
  .string({ error: 'note must be text' })
  .trim()
  .min(1, { error: 'note must not be empty' })
  .max(GOAL_NOTE_MAX, { error: `note must be at most ${GOAL_NOTE_MAX} characters` });
const CreateGoalBody = z.object({ title, checkin: GoalCheckin.optional() });
const ChangeGoalBody = z
  .object({
    title: title.optional(),
    checkin: GoalCheckin.optional(),
    status: GoalStatus.optional(),
    note: note.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'nothing to change',
    path: ['title'],
  });
const GoalParams = z.object({ id: z.string() });
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = { 404: { description: "Not the person's goal", schema: ErrorBody } };
const invalid = { 422: { description: 'A field failed its check', schema: ErrorBody } };
const limit = { 409: { description: 'Too many active goals (20)', schema: ErrorBody } };

/** Goals and check-ins (docs/product.md#goals). */
export function goalRoutes(chat: ChatContext): RouteDefinition[] {
  const own = (id: string) => {
    if (!uuid.test(id)) throw new HttpError(404);
    return id;
  };
  const Reflection = GoalSettings;
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/goals/settings',
      summary: 'Whether the weekly reflection e-mail is on (off by default)',
      tags: ['goals'],
      responses: { 200: { description: 'The setting', schema: Reflection } },
      handler: ({ userId }) => reflectionSetting(chat, userId),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/goals/settings',
      summary:
        "Turn the weekly reflection e-mail on or off (the week's themes and goals, never a message's text)",
      tags: ['goals'],
      body: Reflection,
      responses: { 200: { description: 'The setting', schema: Reflection }, ...invalid },
      handler: ({ userId, body }) => setReflection(chat, userId, body.weekly_reflection),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/goals/',
      summary: "The person's goals, oldest first",
      tags: ['goals'],
      responses: { 200: { description: 'Goals', schema: GoalList } },
      handler: ({ userId }) => listGoals(chat, userId),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/goals/',
      summary: 'Set a goal (check-in rhythm weekly unless given)',
      tags: ['goals'],
      body: CreateGoalBody,
      status: 201,
      responses: { 201: { description: 'The goal', schema: Goal }, ...invalid, ...limit },
      handler: ({ userId, body }) => createGoal(chat, userId, body),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/goals/:id',
      summary: 'Change a goal (title, rhythm, status) and/or add a progress note (`note`)',
      tags: ['goals'],
      params: GoalParams,
      body: ChangeGoalBody,
      responses: { 200: { description: 'The goal', schema: Goal }, ...notFound, ...invalid, ...limit },
      handler: ({ userId, params, body }) => changeGoal(chat, userId, own(params.id), body),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/goals/:id',
      summary: 'Delete a goal',
      tags: ['goals'],
      params: GoalParams,
      responses: { 204: { description: 'Deleted' }, ...notFound },
      handler: async ({ userId, params }) => {
        await removeGoal(chat, userId, own(params.id));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/chat-sessions/opening',
      summary:
        "A new chat opened by the coach: with a goal's due check-in, a session whose first message is " +
        'the check-in question (201, asked once); else, the first new chat after the questionnaire, ' +
        "a session whose reply is the coach's personal opening (201, streaming, made once); else 204 " +
        '(the first reply greets instead)',
      tags: ['chat-sessions', 'goals'],
      status: 201,
      responses: {
        201: {
          description: 'The new session, and the goal asked about for a check-in',
          schema: z.object({
            session_id: z.string(),
            opening: z.enum(['checkin', 'introduction']),
            goal_id: z.string().optional(),
          }),
        },
        204: { description: 'Nothing to open with' },
      },
      handler: async ({ userId, req, res }) => {
        const checkin = await openWithCheckin(chat, userId);
        if (checkin) return { ...checkin, opening: 'checkin' as const };
        const introduction = await openWithIntroduction(chat, userId, req.header('accept-language'));
        if (introduction) return { ...introduction, opening: 'introduction' as const };
        res.status(204).end();
        return undefined;
      },
    }),
  ];
}
