import { defineConfig } from 'vitest/config';

// One project per kind of test (see README "Test layers"):
// - unit: pure logic, HTTP plumbing and in-memory adapters; no database, no booted service.
// - unit-web: front-end logic and components in jsdom (one set-up file: vitest.setup-web.ts).
// - component: *.component.test.ts, a service (or the kit's embedded database) booted in process on
//   PGlite with the in-process bus and jobs; no outside service, but seconds per file.
// - integration: real PostgreSQL and Redis (DATABASE_URL, REDIS_URL); they fail, never skip, when missing.
// - e2e: real Chromium against the product started as `npm start` would.
// The Kafka tests (*.kafka.integration.test.ts) are integration tests like the others: a broker runs
// locally (`npm run kafka`) and in CI (.ci/run); they fail, never skip, when it is missing.
const ignored = ['**/node_modules/**', '**/dist/**', '**/.data/**'];
const web = ['frontends/**', 'packages/ui/**', 'packages/api-client/**', 'packages/i18n/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: [...ignored, ...web, '**/*.integration.test.ts', '**/*.component.test.ts', 'e2e/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time (vitest's default on two cores is one): many wait on timers and I/O.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'component',
          environment: 'node',
          include: ['**/*.component.test.ts'],
          exclude: [...ignored, ...web, 'e2e/**'],
          // PGlite boots in a second alone, in several when the two cores are busy.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time (vitest's default on two cores is one): many wait on timers, PGlite
          // start-up and I/O. A test that needs a state under load waits for it (the kit's shutdown
          // test waits for its request), never for a fixed pause.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'unit-web',
          environment: 'jsdom',
          include: web.map((w) => `${w.replace('/**', '')}/**/*.test.{ts,tsx}`),
          exclude: [...ignored, '**/*.integration.test.ts'],
          // jsdom's missing browser APIs, jest-dom's matchers and unmounting after each test.
          setupFiles: ['vitest.setup-web.ts'],
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['**/*.integration.test.ts'],
          exclude: ignored,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Four files at a time on two cores: each has its own databases, key prefixes, topics
          // and private servers, and most of their time is spent waiting on PostgreSQL, Redis,
          // Kafka and timers (alone on the machine: 3 min 35 s with two, 2 min 14 s with four; ADR 84).
          maxWorkers: 4,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          exclude: ignored,
          // One product for every file that needs no settings of its own (e2e/support/global-setup.ts).
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for what the browser will show; its default second is shorter than a
          // service worker's first caching takes when both cores are busy (a CI run failed on it).
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time (vitest's default on two cores is one): they mostly wait on the
          // product and on Chromium, and each has its own people, address and browser.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // `npm run test:distributed`: the deployment suite. The product as separate processes,
          // with faults (issue 15; e2e/distributed/README.md), and beside it the seven images
          // rehearsed (images.distributed.ts): both files at once. They share nothing (the faults
          // have their own broker, the rehearsal uses the machine's; each its own Redis and
          // databases); the faults mostly wait, the rehearsal mostly installs (ADR 84).
          name: 'distributed',
          environment: 'node',
          include: ['e2e/distributed/**/*.distributed.ts'],
          exclude: ignored,
          testTimeout: 600_000,
          hookTimeout: 1_200_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
