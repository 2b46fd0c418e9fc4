// Test-only: the onboarding screens in the shell's providers with their real texts (en, de), in
// memory, and a fake questionnaire service that keeps answers like the real one.
import {
  type AppStore,
  createStore,
  DEFAULT_API_BASE,
  sessionChecked,
  setApiBase,
} from '@innerview/api-client';
import { testUser } from '@innerview/api-client/testing/bodies';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { type LanguageCode, toLanguageCode } from '@innerview/contracts/auth';
import { type QuestionnaireStatus, questionKeyOf } from '@innerview/contracts/questionnaire';
import { createI18n } from '@innerview/i18n';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import commonDe from '../../../locales/de/common.json' with { type: 'json' };
import onboardingDe from '../../../locales/de/onboarding.json' with { type: 'json' };
import shellDe from '../../../locales/de/shell.json' with { type: 'json' };
import common from '../../../locales/en/common.json' with { type: 'json' };
import onboarding from '../../../locales/en/onboarding.json' with { type: 'json' };
import shell from '../../../locales/en/shell.json' with { type: 'json' };
import { App } from '../../app.tsx';
import { PATHS } from '../../routing/paths.ts';
import {
  introduction2Route,
  introductionRoute,
  invitationRoute,
  questionnairePrintRoute,
  questionnaireRoute,
} from './onboarding-routes.tsx';
import type {
  IntroContent,
  QuestionnaireProgress,
  QuestionnaireRecord,
  SavedAnswer,
} from './questionnaire-api.ts';
import { isBlankAnswer, MAX_ANSWER_LENGTH, stepOfKey } from './questionnaire-rules.ts';

export function testContent(language: LanguageCode = 'en'): IntroContent {
  return {
    language,
    max_answer_length: MAX_ANSWER_LENGTH,
    intro: [
      { title: `Welcome (${language})`, paragraphs: ['A space to pause.', 'Not therapy.'] },
      { title: `Getting to know you (${language})`, paragraphs: ['Eight steps.'] },
    ],
    steps: Array.from({ length: 8 }, (_, i) => ({
      step: i + 1,
      question_key: questionKeyOf(i + 1),
      title: `Title ${i + 1} (${language})`,
      description: `Description ${i + 1}`,
      questions: [`Question ${i + 1}a?`, `Question ${i + 1}b?`],
    })),
  };
}

/** Which calls fail, and how (status and body). */
export type Failures = Partial<
  Record<'content' | 'answers' | 'save' | 'status' | 'record' | 'submit', { status: number; body?: unknown }>
>;

/**
 * A questionnaire service in memory: answers trimmed and kept per step, status computed as the
 * service does, 409 after submission, and failures on demand.
 */
export function fakeQuestionnaireService(initial: Record<number, string> = {}, failures: Failures = {}) {
  const answers = new Map<number, string>(Object.entries(initial).map(([k, v]) => [Number(k), v]));
  const state = {
    status: 'not_started' as QuestionnaireStatus,
    submittedAt: null as string | null,
    failures,
  };
  /** Every POST /answers/ body, in order. */
  const sent: Array<{ question_key: string; answer_text: string }> = [];
  const saved = (): SavedAnswer[] =>
    [...answers]
      .sort(([a], [b]) => a - b)
      .map(([step, text]) => ({
        question_key: questionKeyOf(step),
        answer_text: text,
        state: isBlankAnswer(text) ? 'skipped' : 'answered',
        updated_at: '2026-11-21T10:00:00.000Z',
      }));
  const answered = () => [...answers].filter(([, t]) => !isBlankAnswer(t)).map(([s]) => s);
  const unanswered = () => [1, 2, 3, 4, 5, 6, 7, 8].filter((s) => !answered().includes(s));
  const record = (): QuestionnaireRecord => ({
    status: state.status,
    completed_at: null,
    submitted_at: state.submittedAt,
    skipped_steps: state.status === 'submitted' ? unanswered() : [],
  });
  const progress = (): QuestionnaireProgress => ({
    ...record(),
    complete: unanswered().length === 0,
    is_complete: unanswered().length === 0,
    next_step: unanswered()[0] ?? 8,
    answered_steps: answered(),
  });
  const fail = (name: keyof Failures) => {
    const failure = state.failures[name];
    return failure ? jsonResponse(failure.status, failure.body ?? { detail: 'Internal server error' }) : null;
  };

  const fake = installFakeFetch(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const route = `${request.method} ${path}`;
    switch (route) {
      case 'GET /questionnaire/intro-content':
        return (
          fail('content') ??
          jsonResponse(200, testContent(toLanguageCode(url.searchParams.get('lang')) ?? 'en'))
        );
      case 'GET /answers/':
        return fail('answers') ?? jsonResponse(200, saved());
      case 'POST /answers/': {
        const failed = fail('save');
        if (failed) return failed;
        if (state.status === 'submitted')
          return jsonResponse(409, { detail: 'Already submitted', code: 'QUESTIONNAIRE_SUBMITTED' });
        const body = (await request.json()) as { question_key: string; answer_text: string };
        sent.push(body);
        const step = stepOfKey(body.question_key);
        if (step === null) return jsonResponse(422, { detail: 'bad key' });
        answers.set(step, body.answer_text.trim());
        if (state.status === 'not_started') state.status = 'in_progress';
        return jsonResponse(
          200,
          saved().find((a) => a.question_key === body.question_key),
        );
      }
      case 'GET /questionnaire/status':
        return fail('status') ?? jsonResponse(200, progress());
      case 'GET /questionnaire/me':
        return fail('record') ?? jsonResponse(200, record());
      case 'PUT /questionnaire/me': {
        const body = (await request.json()) as { status: QuestionnaireStatus };
        state.status = body.status;
        return jsonResponse(200, record());
      }
      case 'POST /questionnaire/submit': {
        const failed = fail('submit');
        if (failed) return failed;
        state.status = 'submitted';
        state.submittedAt = '2026-11-21T10:30:00.000Z';
        return jsonResponse(200, progress());
      }
      default:
        return jsonResponse(404, { detail: 'Not Found' });
    }
  });

  const posts = () =>
    fake.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/answers/');
  return { ...fake, answers, state, posts, sent, progress };
}

export function resetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  setApiBase(DEFAULT_API_BASE);
}

/** Around each test of the file: a fresh browser state before it, the stubbed globals (fetch) undone after it. */
export function freshBrowserEachTest(): void {
  beforeEach(resetBrowserState);
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

function testI18n(lng: 'en' | 'de') {
  return createI18n({
    namespaces: ['shell', 'common', 'onboarding'],
    defaultNS: 'shell',
    lng,
    resources: {
      en: { shell, common, onboarding },
      de: { shell: shellDe, common: commonDe, onboarding: onboardingDe },
    },
  });
}

const stub = (path: string, name: string): RouteObject => ({ path, element: <h1>{name}</h1> });

/** The onboarding routes as the shell wires them, and stand-ins for where they lead. */
function testRoutes(profile: ReactNode): RouteObject[] {
  return [
    introductionRoute,
    introduction2Route,
    invitationRoute,
    questionnaireRoute,
    questionnairePrintRoute,
    stub(PATHS.chat, 'Chat stand-in'),
    { path: PATHS.profile, element: profile },
  ];
}

export type RenderOptions = {
  lng?: 'en' | 'de';
  store?: AppStore;
  /** What /profile shows (the viewer's tests put it there, as the account remote will). */
  profile?: ReactNode;
};

/** The onboarding screen at `path` in the shell's providers, signed in as Ada. */
export function renderOnboarding(
  path: string,
  { lng = 'en', store = createStore(), profile = <h1>Profile stand-in</h1> }: RenderOptions = {},
) {
  act(() => {
    store.dispatch(
      sessionChecked({
        user: testUser({ onboarded: false }),
      }),
    );
  });
  const router = createMemoryRouter(testRoutes(profile), { initialEntries: [path] });
  const view = render(<App store={store} i18n={testI18n(lng)} router={router} />);
  return { ...view, router, store };
}

/** Where the router is now, as "/path?query". */
export function location(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
