import type { Goal, GoalCheckin, GoalList, GoalSettings, GoalStatus } from '@innerview/contracts/goals';
import { api } from './api.ts';

/**
 * The goals calls (services/chat/README.md, docs/product.md#goals) on the one shared api: the
 * account remote's goals page and the chat's "Add as goal" both use them, so a goal added in the
 * chat is on the page through the `Goals` tag.
 */
// The response types are `z.infer` of the schemas chat's goal routes declare (ADR 0066).
export {
  GOAL_NOTE_MAX,
  GOAL_TITLE_MAX,
  type Goal,
  type GoalCheckin,
  type GoalNote,
  type GoalStatus,
} from '@innerview/contracts/goals';
export type GoalChange = { title?: string; checkin?: GoalCheckin; status?: GoalStatus; note?: string };

export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGoals: build.query<GoalList, void>({
      query: () => '/goals/',
      providesTags: ['Goals'],
    }),
    createGoal: build.mutation<Goal, { title: string; checkin?: GoalCheckin }>({
      query: (body) => ({ url: '/goals/', method: 'POST', body }),
      invalidatesTags: ['Goals'],
    }),
    changeGoal: build.mutation<Goal, { id: string; change: GoalChange }>({
      query: ({ id, change }) => ({ url: `/goals/${encodeURIComponent(id)}`, method: 'PATCH', body: change }),
      invalidatesTags: ['Goals'],
    }),
    /** The weekly reflection e-mail (opt-in): on or off. */
    getGoalSettings: build.query<GoalSettings, void>({
      query: () => '/goals/settings',
      providesTags: ['Goals'],
    }),
    setGoalSettings: build.mutation<GoalSettings, GoalSettings>({
      query: (body) => ({ url: '/goals/settings', method: 'PUT', body }),
      invalidatesTags: ['Goals'],
    }),
    deleteGoal: build.mutation<void, string>({
      query: (id) => ({ url: `/goals/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Goals'],
    }),
  }),
});

export const {
  useListGoalsQuery,
  useCreateGoalMutation,
  useChangeGoalMutation,
  useDeleteGoalMutation,
  useGetGoalSettingsQuery,
  useSetGoalSettingsMutation,
} = goalsApi;
