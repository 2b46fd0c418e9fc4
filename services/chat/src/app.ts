import path from 'node:path';
import { defineService } from '@innerview/kit';
import { registerGauge } from '@innerview/kit/service-metrics';
import { writerGone } from './actions/stored-reply.ts';
import type { AttachmentTexts } from './adapters/attachments/attachment-texts.ts';
import { configuredAttachmentTexts } from './adapters/attachments/configured-attachment-texts.ts';
import type { CoachModel } from './adapters/coach/coach-model.ts';
import { createCoach } from './adapters/coach/create-coach.ts';
import { type CrisisCheck, createModelCrisisCheck } from './adapters/coach/crisis-check.ts';
import { MemoryReplyStreams } from './adapters/streams/memory-reply-streams.ts';
import { ReaderLimit } from './adapters/streams/reader-limit.ts';
import { RedisSharedReplies } from './adapters/streams/redis-shared-replies.ts';
import { ReplyLeaseKeeper } from './adapters/streams/reply-lease-keeper.ts';
import type { ReplyStreams } from './adapters/streams/reply-streams.ts';
import type { ChatContext, ChatServiceContext } from './chat-context.ts';
import { chatConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { chatKeys } from './keys.ts';
import { routes } from './routes/index.ts';

export interface ChatServiceOptions {
  /** The coach; built from the configuration (OpenAI-compatible or offline) when absent. */
  coach?: CoachModel;
  /** In-flight replies; in this process's memory when absent. */
  streams?: ReplyStreams;
  /** How attached files are read; the files service at `FILES_URL` when absent. */
  attachments?: AttachmentTexts;
  /**
   * The model-based crisis check; from the configuration when absent (the OpenAI-compatible
   * model's when it is the coach, else none).
   */
  crisisCheck?: CrisisCheck | null;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * The model check only beside a model coach: the offline coach has no model to ask, and a coach
 * given by a test without a configured model gets none.
 */
function configuredCrisisCheck(service: ChatServiceContext, coach: CoachModel): CrisisCheck | null {
  const { config, log } = service;
  if (coach.kind !== 'openai' || !config.OPENAI_API_KEY) return null;
  return createModelCrisisCheck({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    // Why the model gave no verdict (the reply went on): never the message.
    onFallback: (reason) => log.warn({ reason }, 'crisis check gave no verdict'),
  });
}

/**
 * The chat service: sessions, transcripts, streaming replies from the coach model (resumable),
 * personalisation from the questionnaire, safety, metering of the trial quota.
 */
export function createChatService(options: ChatServiceOptions = {}) {
  return defineService({
    name: 'chat',
    defaultPort: 8103,
    configSchema: chatConfigSchema,
    migrationsFolder,
    // Every reply holds a connection twice (its message, then the reply with its metering); with
    // the default 10, thousands of held streams queued for the pool (docs/benchmarks.md, Chat).
    databasePoolSize: 30,
    context: (service) => chatContext(service, options),
    routes,
    subscriptions,
    jobs: registerJobs,
  });
}

function chatContext(service: ChatServiceContext, options: ChatServiceOptions): ChatContext {
  const { config } = service;
  const coach = options.coach ?? createCoach(config);
  const tasks = new Set<Promise<void>>();
  const local =
    options.streams ??
    new MemoryReplyStreams({
      orphanGraceMs: config.CHAT_ORPHAN_GRACE_MS,
      retentionMs: config.CHAT_STREAM_RETENTION_MS,
      now: () => service.clock.now(),
    });
  const sharing = config.CHAT_REPLY_SHARING ?? (config.REDIS_URL ? 'redis' : 'memory');
  const shared =
    sharing === 'redis' && config.REDIS_URL && local instanceof MemoryReplyStreams
      ? new RedisSharedReplies({
          redisUrl: config.REDIS_URL,
          local,
          retentionMs: config.CHAT_STREAM_RETENTION_MS,
          readingSignalMs: Math.max(50, Math.floor(config.CHAT_ORPHAN_GRACE_MS / 3)),
          writerGone: (sessionId, startedAt) => writerGone(chat, sessionId, startedAt),
          // Redis trouble only delays readers on other replicas: one line, never a crash.
          onError: (err, what) => service.log.warn({ err: (err as Error)?.message, what }, 'shared replies'),
        })
      : null;
  const leases = new ReplyLeaseKeeper(service, {
    leaseMs: config.CHAT_REPLY_LEASE_MS,
    running: () => tasks.size,
  });
  const chat: ChatContext = {
    service,
    ...chatKeys(service),
    coach,
    crisisCheck:
      options.crisisCheck !== undefined ? options.crisisCheck : configuredCrisisCheck(service, coach),
    streams: local,
    shared,
    readers: new ReaderLimit(config.CHAT_MAX_READERS_PER_USER),
    leases,
    attachments: options.attachments ?? configuredAttachmentTexts(service),
    tasks,
    background: new Set(),
    pendingSessions: new Map(),
  };
  leases.start();
  // A stop never loses what a person already saw: replies in flight end and are stored first.
  service.onStop(() => stopReplies(chat));
  countRepliesInFlight(chat);
  service.log.info(
    { coach: chat.coach.kind, model: chat.coach.model, replies: shared ? 'shared' : 'memory' },
    'chat coach ready',
  );
  return chat;
}

/** `chat_replies_in_flight`: replies being written now (each a model call and a held stream). */
function countRepliesInFlight(chat: ChatContext): void {
  registerGauge(chat.service.metrics, {
    name: 'chat_replies_in_flight',
    help: 'Coach replies being generated in this process',
    read: () => chat.tasks.size,
  });
}

/**
 * Before the service stops: every reply in flight is stopped and persisted as far as it got, so a
 * shutdown never loses what a person already saw.
 */
async function stopReplies(chat: ChatContext, timeoutMs = 5_000): Promise<void> {
  chat.streams.stopAll();
  const settled = Promise.allSettled([...chat.tasks]).then(() => Promise.allSettled([...chat.background]));
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  chat.leases.stop();
  await chat.shared?.close();
}

/** The standalone service (coach from the configuration, replies in memory). */
export const chatService = createChatService();
