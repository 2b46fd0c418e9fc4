import {
  type AnswerResponse,
  api,
  type IntroContentResponse,
  type QuestionnaireResponse,
  type QuestionnaireStatusResponse,
} from '@innerview/api-client';

// The answers are `z.infer` of the questionnaire service's response schemas (ADR 0066); the names
// below are what the onboarding screens call them.
export type { QuestionnaireStepContent } from '@innerview/api-client';
/** `GET /questionnaire/intro-content?lang=` (services/questionnaire/README.md). */
export type IntroContent = IntroContentResponse;
/** One saved answer; `skipped` means it was saved blank. */
export type SavedAnswer = AnswerResponse;
export type QuestionnaireRecord = QuestionnaireResponse;
/** `GET /questionnaire/status` and `POST /questionnaire/submit`. */
export type QuestionnaireProgress = QuestionnaireStatusResponse;

/**
 * The questionnaire calls of the onboarding screens and the viewer, injected into the one api.
 * `getQuestionnaireStatus` is the api-client's own (tag `Questionnaire`); every write here
 * invalidates it so the guards, the chat banner and the invitation see the new progress.
 */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIntroContent: build.query<IntroContent, string>({
      query: (lang) => ({ url: '/questionnaire/intro-content', params: { lang } }),
      // Public content: no token needed, and no 401 retry for it.
      extraOptions: { auth: false },
    }),
    getAnswers: build.query<SavedAnswer[], void>({
      query: () => '/answers/',
      providesTags: ['Answers'],
    }),
    getQuestionnaire: build.query<QuestionnaireRecord, void>({
      query: () => '/questionnaire/me',
      providesTags: ['Questionnaire'],
    }),
    saveAnswer: build.mutation<SavedAnswer, { question_key: string; answer_text: string }>({
      query: (body) => ({ url: '/answers/', method: 'POST', body }),
      // The answers cache is updated by hand (the stepper keeps its drafts); progress is refetched.
      invalidatesTags: ['Questionnaire'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            questionnaireApi.util.updateQueryData('getAnswers', undefined, (answers) => {
              const index = answers.findIndex((a) => a.question_key === data.question_key);
              if (index >= 0) answers[index] = data;
              else answers.push(data);
            }),
          );
        } catch {
          // The screen reports the failure; the cache keeps what the server had.
        }
      },
    }),
    setQuestionnaireStatus: build.mutation<QuestionnaireRecord, { status: 'in_progress' | 'completed' }>({
      query: (body) => ({ url: '/questionnaire/me', method: 'PUT', body }),
      invalidatesTags: ['Questionnaire'],
    }),
    submitQuestionnaire: build.mutation<QuestionnaireProgress, void>({
      query: () => ({ url: '/questionnaire/submit', method: 'POST' }),
      invalidatesTags: ['Questionnaire', 'Answers', 'Onboarding', 'User'],
    }),
  }),
});

export const {
  useGetIntroContentQuery,
  useGetAnswersQuery,
  useGetQuestionnaireQuery,
  useSaveAnswerMutation,
  useSetQuestionnaireStatusMutation,
  useSubmitQuestionnaireMutation,
} = questionnaireApi;
