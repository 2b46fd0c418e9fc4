import { createApi } from '@reduxjs/toolkit/query/react';
import { innerviewBaseQuery } from './base-query.ts';
import type {
  CurrentUserResponse,
  LoginRequest,
  OnboardingStatusResponse,
  QuestionnaireStatusResponse,
  SessionUser,
  SubscriptionStatusResponse,
  TokenResponse,
  UserSettings,
} from './types.ts';

/** Every cache tag any front end uses; remotes invalidate these after their mutations. */
export const TAG_TYPES = [
  'Session',
  'User',
  'Onboarding',
  'Subscription',
  'Prices',
  'Questionnaire',
  'Answers',
  'Settings',
  'ChatSessions',
  'Transcript',
  'Files',
  'Goals',
] as const;

/**
 * The ONE RTK Query api of the app (docs/architecture.md#front-ends). The shell mounts it in the store;
 * remotes add their calls with `api.injectEndpoints` and share its cache, token and error mapping.
 * Only the session calls the shell needs at start-up are defined here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: innerviewBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: (build) => ({
    /** OAuth2 password form; no token sent, no 401 retry (a retry would count a second failed attempt). */
    login: build.mutation<TokenResponse, LoginRequest>({
      query: ({ email, password }) => ({
        url: '/login/access-token',
        method: 'POST',
        body: new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }),
      }),
      extraOptions: { auth: false },
    }),
    /** The session check (docs/product.md#sign-in-and-account-calls). */
    testToken: build.query<SessionUser, void>({
      query: () => ({ url: '/login/test-token', method: 'POST' }),
      providesTags: ['Session'],
    }),
    getMe: build.query<CurrentUserResponse, void>({
      query: () => '/users/me',
      providesTags: ['User'],
    }),
    getOnboardingStatus: build.query<OnboardingStatusResponse, void>({
      query: () => '/users/me/onboarding-status',
      providesTags: ['Onboarding'],
    }),
    getSubscriptionStatus: build.query<SubscriptionStatusResponse, void>({
      query: () => '/subscriptions/status',
      providesTags: ['Subscription'],
    }),
    getQuestionnaireStatus: build.query<QuestionnaireStatusResponse, void>({
      query: () => '/questionnaire/status',
      providesTags: ['Questionnaire'],
    }),
    getSettings: build.query<UserSettings, void>({
      query: () => '/settings/me',
      providesTags: ['Settings'],
    }),
    /** Used at logout (docs/product.md#session-lifetime-and-sign-out: logout first closes all chat sessions). */
    closeAllChatSessions: build.mutation<unknown, void>({
      query: () => ({ url: '/chat/close-all-sessions', method: 'POST' }),
      invalidatesTags: ['ChatSessions'],
    }),
  }),
});

export const {
  useLoginMutation,
  useTestTokenQuery,
  useGetMeQuery,
  useGetOnboardingStatusQuery,
  useGetSubscriptionStatusQuery,
  useGetQuestionnaireStatusQuery,
  useGetSettingsQuery,
  useCloseAllChatSessionsMutation,
} = api;
