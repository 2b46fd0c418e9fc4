import { Counter, Gauge, type Registry } from 'prom-client';
import type { ChatContext, ChatServiceContext } from '../chat-context.ts';
import {
  claimUnindexed,
  countUnindexed,
  insertSearchTokens,
  liveSessionsLocked,
  type SearchTokenRow,
  type UnindexedMessage,
  unindexedMessages,
} from '../db/search-index.ts';
import { searchRows } from './search.ts';
import { decryptMessage } from './stored-text.ts';

export const searchBackfillJob = 'chat.search.backfill';
/** Messages per batch: each batch is read, decrypted, and written in one short transaction. */
export const SEARCH_BACKFILL_BATCH = 200;

/** What the backfill needs: the running service's context, or the operator command's own. */
export interface SearchIndexing {
  crypto: ChatContext['crypto'];
  service: Pick<ChatServiceContext, 'db' | 'clock' | 'log' | 'metrics'>;
}

export interface BackfillProgress {
  /** Messages whose tokens this run wrote. */
  indexed: number;
  /** Messages marked with nothing to write: hidden ones, or in a removed session. */
  nothingToIndex: number;
  /** Messages that could not be read (their key gone): left unmarked, tried again next run. */
  failed: number;
  /** Messages held by another transaction (a second runner, a reply being stored) or marked by it meanwhile. */
  busy: number;
  batches: number;
  /** Messages still unmarked: after a batch as estimated by the run, at its end as counted. */
  remaining: number;
}

export interface BackfillOptions {
  batchSize?: number;
  /** Stops after this many batches (a bounded run); the next run carries on. */
  maxBatches?: number;
  /** Asked between batches: true stops the run there (the service is stopping). */
  stopping?: () => boolean;
  /** Told after each batch (the operator command prints it). */
  onBatch?: (progress: BackfillProgress) => void;
}

interface BackfillMetrics {
  messages: Counter<'outcome'>;
  remaining: Gauge;
}

const metricsByRegistry = new WeakMap<Registry, BackfillMetrics>();

/** `chat_search_backfill_messages_total{outcome}` and `chat_search_backfill_remaining`, once per registry. */
function backfillMetrics(registry: Registry): BackfillMetrics {
  let metrics = metricsByRegistry.get(registry);
  if (!metrics) {
    metrics = {
      messages: new Counter({
        name: 'chat_search_backfill_messages_total',
        help: 'Messages the search backfill handled, by outcome (indexed, nothing_to_index, failed)',
        labelNames: ['outcome'],
        registers: [registry],
      }),
      remaining: new Gauge({
        name: 'chat_search_backfill_remaining',
        help: 'Messages not yet in the search index, as the last search backfill batch left them',
        registers: [registry],
      }),
    };
    metricsByRegistry.set(registry, metrics);
  }
  return metrics;
}

/**
 * ADR 0063: puts every stored message the search index lacks into it. Walks the messages not yet
 * marked (`search_indexed_at` null) in id order, in batches; each batch decrypts outside any
 * transaction (the key read must not wait on it), then in one transaction claims the rows still
 * unmarked (a second replica or the operator command running at the same time claims others, or
 * none) and writes their tokens. A stop between batches loses nothing: what committed is marked,
 * the rest is found again. Never logs or keeps a word of a message, only counts.
 */
export async function backfillSearchIndex(
  indexing: SearchIndexing,
  options: BackfillOptions = {},
): Promise<BackfillProgress> {
  const { service } = indexing;
  const batchSize = options.batchSize ?? SEARCH_BACKFILL_BATCH;
  const metrics = backfillMetrics(service.metrics);
  const progress: BackfillProgress = {
    indexed: 0,
    nothingToIndex: 0,
    failed: 0,
    busy: 0,
    batches: 0,
    remaining: 0,
  };
  // The cursor moves past failed and busy rows, so one run always ends; the next run retries them.
  let after: string | null = null;
  // Counted once and then lowered by what each batch marks: a count per batch would read the whole
  // partial index again every time (a second runner's marks show in the final count).
  const waiting = await countUnindexed(service.db);
  for (;;) {
    if (options.stopping?.() || (options.maxBatches !== undefined && progress.batches >= options.maxBatches))
      break;
    const messages = await unindexedMessages(service.db, after, batchSize);
    if (messages.length === 0) break;
    after = messages.at(-1)!.id;
    const batch = await indexBatch(indexing, messages);
    progress.batches += 1;
    progress.indexed += batch.indexed;
    progress.nothingToIndex += batch.nothingToIndex;
    progress.failed += batch.failed;
    progress.busy += batch.busy;
    metrics.messages.inc({ outcome: 'indexed' }, batch.indexed);
    metrics.messages.inc({ outcome: 'nothing_to_index' }, batch.nothingToIndex);
    metrics.messages.inc({ outcome: 'failed' }, batch.failed);
    progress.remaining = Math.max(0, waiting - progress.indexed - progress.nothingToIndex);
    metrics.remaining.set(progress.remaining);
    service.log.info(
      { batch: progress.batches, ...batch, remaining: progress.remaining },
      'search backfill batch',
    );
    options.onBatch?.({ ...progress });
  }
  progress.remaining = await countUnindexed(service.db);
  metrics.remaining.set(progress.remaining);
  return progress;
}

type BatchCounts = Pick<BackfillProgress, 'indexed' | 'nothingToIndex' | 'failed' | 'busy'>;

async function indexBatch(indexing: SearchIndexing, messages: UnindexedMessage[]): Promise<BatchCounts> {
  const { service } = indexing;
  const tokens = new Map<string, SearchTokenRow[]>();
  let failed = 0;
  for (const message of messages) {
    // Only what the person sees is searchable (as when a message is stored).
    if (message.hidden) {
      tokens.set(message.id, []);
      continue;
    }
    try {
      const text = await decryptMessage(indexing, message);
      tokens.set(message.id, await searchRows(indexing, { ...message, messageId: message.id, text }));
    } catch (err) {
      failed += 1;
      // The id and the reason only: never the message.
      service.log.warn(
        { messageId: message.id, err: (err as Error).message },
        'search backfill: message not read',
      );
    }
  }
  const now = service.clock.now();
  const sessionOf = new Map(messages.map((m) => [m.id, m.sessionId]));
  return service.db.transaction(async (tx) => {
    // Messages first, then sessions: the order every write of a reply or an edit takes them in.
    const claimed = await claimUnindexed(tx, [...tokens.keys()], now);
    const live = await liveSessionsLocked(tx, [...new Set(claimed.map((id) => sessionOf.get(id)!))]);
    let indexed = 0;
    const rows: SearchTokenRow[] = [];
    for (const id of claimed) {
      const own = live.has(sessionOf.get(id)!) ? tokens.get(id)! : [];
      if (own.length > 0) indexed += 1;
      rows.push(...own);
    }
    // In statements well within PostgreSQL's 65,535 parameters (4 per row).
    for (let i = 0; i < rows.length; i += 5_000) await insertSearchTokens(tx, rows.slice(i, i + 5_000));
    return {
      indexed,
      nothingToIndex: claimed.length - indexed,
      failed,
      busy: tokens.size - claimed.length,
    };
  });
}
