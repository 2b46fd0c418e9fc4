// `npm run bench:events`: events per second and outbox-to-inbox latency on Kafka and on Redis
// Streams, in one run, at 50, 200 and 1,000 events/s; rewrites the "Event delivery" section of
// docs/benchmarks.md. Needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and Kafka (KAFKA_BROKERS,
// `npm run kafka`), with the tests' defaults. BENCH_SECONDS (default 10) sets the time per rate,
// BENCH_RATES (default 50,200,1000) the rates, BENCH_WRITE=0 prints without writing the file.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventEnvelope } from '@innerview/contracts';
import {
  consume,
  createEvent,
  type EventBus,
  KafkaEventBus,
  migrateKitTables,
  OutboxRelay,
  openDatabase,
  provisionKafkaTopics,
  RedisEventBus,
  writeEvents,
} from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { Redis } from 'ioredis';
import { quantile, type RateResult, replaceSection, table } from './report.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rates = (process.env.BENCH_RATES ?? '50,200,1000').split(',').map(Number);
const kafkaBrokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const drainMs = 30_000;
const run = `bench-events-${randomBytes(3).toString('hex')}`;
const subjects = Array.from({ length: 64 }, (_, i) => `subject-${i}`);

async function measure(kind: 'kafka' | 'redis', rate: number): Promise<RateResult> {
  const prefix = `${run}-${kind}-${rate}`;
  const created = await createTestDatabase('iv_bench_events');
  const database = await openDatabase({ url: created.url, dataDir: '', poolSize: 12 });
  await migrateKitTables(database);
  let producer: EventBus;
  let consumer: EventBus;
  if (kind === 'kafka') {
    await provisionKafkaTopics({
      connection: { brokers: kafkaBrokers },
      prefix,
      types: ['platform.ping'],
      settings: { partitions: 8, replicationFactor: 1, minInsyncReplicas: 1 },
    });
    producer = new KafkaEventBus({ brokers: kafkaBrokers, prefix, clientId: 'bench-producer' });
    consumer = new KafkaEventBus({ brokers: kafkaBrokers, prefix, clientId: 'bench-consumer' });
  } else {
    producer = new RedisEventBus({ redisUrl, prefix, clientId: 'bench-producer' });
    consumer = new RedisEventBus({ redisUrl, prefix, clientId: 'bench-consumer' });
  }
  const writtenAt = new Map<string, number>();
  const relayed: number[] = [];
  // The moment the bus accepted each event, to split the latency into relay and delivery.
  const publish = producer.publish.bind(producer);
  producer.publish = async (events) => {
    await publish(events);
    const now = performance.now();
    for (const e of events) {
      const at = writtenAt.get(e.id);
      if (at !== undefined) relayed.push(now - at);
    }
  };
  const latencies: number[] = [];
  let lastDelivery = 0;
  const subscription = await consumer.subscribe({
    group: 'bench',
    types: ['platform.ping'],
    handler: async (event) => {
      const fresh = await consume(database.db, 'bench', event, async () => {});
      const at = writtenAt.get(event.id);
      if (fresh && at !== undefined) {
        lastDelivery = performance.now();
        latencies.push(lastDelivery - at);
      }
    },
  });
  const relay = new OutboxRelay({ db: database.db, bus: producer });
  relay.start();

  // Writes on a fixed schedule (event i is due at i / rate seconds), each in its own transaction
  // as a service would; events due together are written concurrently, up to the pool's size.
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (next < due && inFlight.size < 10) {
      const event: EventEnvelope = createEvent('platform.ping', subjects[next % subjects.length]!, {
        note: String(next),
      });
      next++;
      const write = database.db
        .transaction((tx) => writeEvents(tx, [event]))
        .then(() => {
          writtenAt.set(event.id, performance.now());
          relay.nudge();
        })
        .finally(() => inFlight.delete(write));
      inFlight.add(write);
    }
    await new Promise((r) => setTimeout(r, inFlight.size >= 10 ? 1 : Math.max(1, 1000 / rate / 2)));
  }
  await Promise.all(inFlight);
  const writeEnded = performance.now();
  const deadline = Date.now() + drainMs;
  while (latencies.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

  await relay.stop();
  await subscription.stop();
  await Promise.all([producer.close(), consumer.close()]);
  await database.close();
  await created.drop();
  return {
    bus: kind,
    rate,
    written: total,
    delivered: latencies.length,
    writtenPerSecond: total / ((writeEnded - started) / 1000),
    deliveredPerSecond: latencies.length / ((lastDelivery - started) / 1000),
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
    relayP50: quantile(relayed, 0.5),
    relayP99: quantile(relayed, 0.99),
  };
}

async function cleanUp(): Promise<void> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ brokers: kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(run));
  if (topics.length > 0) await admin.deleteTopics({ topics });
  await admin.disconnect();
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${run}*`, 'COUNT', 500);
    cursor = nextCursor;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  await redis.quit();
}

const load = loadavg().map((l) => l.toFixed(1));
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const results: RateResult[] = [];
try {
  for (const rate of rates) {
    for (const kind of ['kafka', 'redis'] as const) {
      const result = await measure(kind, rate);
      console.log(table([result]).split('\n')[2]);
      results.push(result);
    }
  }
} finally {
  await cleanUp();
}
// The load as the run ended too: other work that starts mid-run weighs on the later rates.
const loadAtEnd = loadavg().map((l) => l.toFixed(1));
const at200 = results.filter((r) => r.rate === 200);
const verdict = at200
  .map(
    (r) =>
      `${r.bus === 'kafka' ? 'Kafka' : 'Redis Streams'} ${r.p99 <= 50 ? 'meets' : 'misses'} it (p99 ${r.p99.toFixed(0)} ms)`,
  )
  .join('; ');
const body = `
Events per second and the time from an event's outbox commit to its inbox commit in the consuming
group, on Kafka and on Redis Streams in the same run, at fixed write rates.

- Command: \`npm run bench:events\` (rewrites this section; \`BENCH_SECONDS\`, \`BENCH_RATES\` override).
  Needs PostgreSQL, Redis and the Kafka broker of \`npm run kafka\`.
- Run: ${startedAt} UTC; ${seconds} s per rate and bus, then up to ${drainMs / 1000} s to drain.
- Path measured: a transaction writes one \`platform.ping\` event to \`kit_outbox\` (PostgreSQL); the
  \`OutboxRelay\` (nudged after each commit, as services do) publishes it; one consumer of group
  \`bench\` takes it and commits its \`kit_inbox\` row (\`consume\`). Latency is inbox commit minus
  outbox commit; the last column is the part until the bus accepted the publish (the rest is the
  bus and the consumer). 64 subjects; each rate on a fresh database and fresh topics/streams
  (8 partitions). "written/s" below the asked rate means the writer's own PostgreSQL commits could
  not keep up (ten in flight at most).
- Processes: writer, relay, producer and consumer in one Node process; the Kafka broker
  (single KRaft node, 512 MiB heap, \`infra/kafka\`), Redis and PostgreSQL on the same machine.
  Kafka client: kafkajs, idempotent producer with acks=all and one request in flight; consumer
  fetches wait for data (minBytes 1), so there is no batching delay to tune on either side.
- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version};
  load average ${load.join(' / ')} (1/5/15 min) as the run started and ${loadAtEnd.join(' / ')} as it
  ended, from other work sharing the cores.
- Target: p99 ≤ 50 ms at 200 events/s. This run: ${verdict}.

${table(results)}
`;
console.log(body);
if (process.env.BENCH_WRITE !== '0') {
  const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md');
  replaceSection(docs, '## Event delivery', body);
  console.log(`written to ${docs}`);
}
process.exit(0);
