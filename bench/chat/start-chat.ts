// The chat service as deployed (PostgreSQL when DATABASE_URL points at one, else PGlite in memory),
// its coach either the fake model (OPENAI_BASE_URL) or the offline coach; USERS people get a
// monthly subscription in its access projection. Started by run.ts in its own process.
import { readFileSync } from 'node:fs';
import { generateKeyText } from '@innerview/crypto';
import { createLogger, startService } from '@innerview/kit';
import { chatService } from '../../services/chat/src/app.ts';
import { chatAccessVerdicts } from '../../services/chat/src/db/schema.ts';
import { serveBenchChild } from './child.ts';

// The people come in a file: ten thousand ids do not fit in an environment variable.
const users = process.env.BENCH_USERS_FILE
  ? readFileSync(process.env.BENCH_USERS_FILE, 'utf8').split('\n').filter(Boolean)
  : [];
const running = await startService(chatService, {
  env: {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    MASTER_KEY: generateKeyText(),
    EVENT_PAYLOAD_KEY: generateKeyText(),
    JOBS: 'memory',
    EVENT_BUS: 'memory',
    REDIS_URL: '',
  },
  logger: createLogger({ name: 'chat', level: process.env.LOG_LEVEL ?? 'warn' }),
});
const now = new Date();
const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
for (let i = 0; i < users.length; i += 500) {
  await running.ctx.db.insert(chatAccessVerdicts).values(
    users.slice(i, i + 500).map((userId) => ({
      userId,
      allowed: true,
      allowedUntil: periodEnd,
      reason: 'subscription_expired',
      access: 'full',
      trialTokensRemaining: null,
      decidedAt: now,
      updatedAt: now,
    })),
  );
}
serveBenchChild(running.url, async () => {
  await running.stop();
});
