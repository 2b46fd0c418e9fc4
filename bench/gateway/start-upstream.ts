// A minimal service built with the kit, as the real ones are: request ids, logging, metrics,
// validation. Started by run.ts in its own process; reports its port over IPC.
import { createHttpApp } from '@innerview/kit/http';
import { listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { defineRoute } from '@innerview/kit/route';
import { serveBenchChild } from './child.ts';

const options = {
  languages: ['en', 'fr', 'de', 'it', 'es'],
  themes: ['light', 'dark', 'system'],
};

const app = createHttpApp({
  name: 'bench-upstream',
  logger: createLogger({ name: 'bench-upstream', level: process.env.LOG_LEVEL ?? 'info' }),
  routes: [
    defineRoute({
      method: 'get',
      path: '/api/v1/settings/options',
      summary: 'Settings options (benchmark copy)',
      auth: 'none',
      handler: () => options,
    }),
  ],
  readiness: {},
  isShuttingDown: () => false,
  trust: { current: process.env.INTERNAL_SIGNING_KEY ?? '' },
});
const listening = await listen(app, 0, '127.0.0.1');
serveBenchChild(listening.url);
