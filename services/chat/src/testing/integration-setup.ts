import { randomUUID } from 'node:crypto';
import { generateKeyText } from '@innerview/crypto';
import { createEventBus, type EventBus } from '@innerview/kit';
import { createTestDatabase, redisUrl } from '@innerview/kit/testing/postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type ChatHarness, type ChatHarnessOptions, startChatHarness } from './chat-harness.ts';

export interface IntegrationRun {
  harness: ChatHarness;
  stop(): Promise<void>;
}

/**
 * A run for the whole test file, with a SQL client on its database: started before the file's
 * tests (handed to `started`), stopped after them.
 */
export function useIntegrationRun(
  started: (harness: ChatHarness, sql: pg.Client) => void,
  options: ChatHarnessOptions = {},
): void {
  let run: IntegrationRun | undefined;
  let sql: pg.Client | undefined;
  beforeAll(async () => {
    run = await startIntegrationRun(options);
    sql = new pg.Client({ connectionString: run.harness.service.ctx.config.DATABASE_URL });
    await sql.connect();
    started(run.harness, sql);
  });
  afterAll(async () => {
    await sql?.end();
    await run?.stop();
  });
}

/**
 * The chat service as deployed: a fresh PostgreSQL database and the Redis Streams event bus (both
 * must be running; without them the test fails), with configured keys as replicas would have.
 */
export async function startIntegrationRun(options: ChatHarnessOptions = {}): Promise<IntegrationRun> {
  const database = await createTestDatabase('iv_chat');
  const prefix = `test-chat-${randomUUID()}`;
  let bus: EventBus | undefined;
  try {
    bus = await createEventBus({ kind: 'redis', redisUrl: redisUrl(), prefix, clientId: 'chat-test' });
    await bus.ping();
    const harness = await startChatHarness({
      ...options,
      bus,
      env: {
        DATABASE_URL: database.url,
        MASTER_KEY: generateKeyText(),
        EVENT_PAYLOAD_KEY: generateKeyText(),
        ...options.env,
      },
    });
    return {
      harness,
      stop: async () => {
        await harness.stop();
        await bus?.close();
        await dropKeys(prefix);
        await database.drop();
      },
    };
  } catch (err) {
    await bus?.close().catch(() => {});
    await database.drop().catch(() => {});
    throw err;
  }
}

async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
