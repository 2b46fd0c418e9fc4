import { api } from './api.ts';

/**
 * The goals calls (services/chat/README.md, docs/product.md#goals) on the one shared api: the
 * account remote's goals page and the chat's "Add as goal" both use them, so a goal added in the
 * chat is on the page through the `Goals` tag.
 */
export type GoalCheckin = 'daily' | 'weekly' | 'none';
export type GoalStatus = 'active' | 'done' | 'dropped';
export type GoalNote = { text: string; created_at: string };
export type Goal = {
  id: string;
  title: string;
  checkin: GoalCheckin;
  next_checkin_at: string | null;
  status: GoalStatus;
  notes: GoalNote[];
  created_at: string;
};
export type GoalChange = { title?: string; checkin?: GoalCheckin; status?: GoalStatus; note?: string };

export const GOAL_TITLE_MAX = 200;
export const GOAL_NOTE_MAX = 1000;

export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGoals: build.query<{ goals: Goal[] }, void>({
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
    getGoalSettings: build.query<{ weekly_reflection: boolean }, void>({
      query: () => '/goals/settings',
      providesTags: ['Goals'],
    }),
    setGoalSettings: build.mutation<{ weekly_reflection: boolean }, { weekly_reflection: boolean }>({
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
