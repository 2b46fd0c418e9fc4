import kafkajs, { type Admin, Kafka } from 'kafkajs';
import { type EventsLogger, silentLogger } from './delivery.ts';
import { type KafkaConnection, kafkaClientConfig } from './kafka-settings.ts';

// Not among the names Node finds in kafkajs' CommonJS exports: taken from its default export.
const { ConfigResourceTypes } = kafkajs;

/**
 * Kafka topics are made by one explicit, idempotent step (`provisionKafkaTopics`, run by
 * `npm run events -- provision` or a deployment Job), never by the services: a topic that a client
 * creates gets the broker's defaults (one replica, no `min.insync.replicas`), which silently loses
 * events when a broker dies. Services only check that their topics exist (`missingTopics`).
 */

/** Topic and group names stay within Kafka's alphabet. */
export function safePrefix(prefix: string): string {
  return prefix.replace(/[^A-Za-z0-9._-]/g, '_');
}

export function eventTopic(prefix: string, type: string): string {
  return `${safePrefix(prefix)}.${type}`;
}

export function deadLetterTopic(prefix: string): string {
  return `${safePrefix(prefix)}.dlq`;
}

export interface TopicSettings {
  /** Partitions per topic: the most consumers of one group that can work at once. Default 8. */
  partitions?: number;
  /** Copies of each partition. Default: 3, or fewer if the cluster has fewer brokers. */
  replicationFactor?: number;
  /**
   * Copies that must have a write before it is acknowledged (the producers ask for all of them).
   * Default: the replication factor less one, at least 1.
   */
  minInsyncReplicas?: number;
  /** How long events are kept; default 7 days. Keep the inboxes' rows at least this long. */
  retentionMs?: number;
  /** How long dead letters are kept on the broker; default 30 days. */
  deadLetterRetentionMs?: number;
}

export const defaultTopicSettings = {
  partitions: 8,
  retentionMs: 7 * 24 * 3600_000,
  deadLetterRetentionMs: 30 * 24 * 3600_000,
} as const;

export interface ProvisionOptions {
  connection: KafkaConnection;
  /** Topic prefix (the bus's); default `innerview`. */
  prefix?: string;
  /** Event types to make topics for; the dead-letter topic is always added. */
  types: readonly string[];
  settings?: TopicSettings;
  /** How long to wait for new topics' partitions to get a leader; default 60 s. */
  leaderTimeoutMs?: number;
  log?: EventsLogger;
}

export interface ProvisionedTopic {
  topic: string;
  action: 'created' | 'updated' | 'unchanged';
  /** What changed, or what provisioning cannot change by itself (fewer partitions, replication). */
  notes: string[];
}

export interface ProvisionReport {
  brokers: number;
  partitions: number;
  replicationFactor: number;
  minInsyncReplicas: number;
  topics: ProvisionedTopic[];
}

/** The settings after defaults, checked against the cluster's size. */
export function resolveTopicSettings(settings: TopicSettings, brokers: number) {
  const partitions = settings.partitions ?? defaultTopicSettings.partitions;
  const replicationFactor = settings.replicationFactor ?? Math.min(3, brokers);
  const minInsyncReplicas = settings.minInsyncReplicas ?? Math.max(1, replicationFactor - 1);
  const retentionMs = settings.retentionMs ?? defaultTopicSettings.retentionMs;
  const deadLetterRetentionMs = settings.deadLetterRetentionMs ?? defaultTopicSettings.deadLetterRetentionMs;
  if (!Number.isInteger(partitions) || partitions < 1)
    throw new Error('partitions must be a whole number from 1');
  if (replicationFactor < 1 || replicationFactor > brokers)
    throw new Error(
      `replication factor ${replicationFactor} needs as many brokers; the cluster has ${brokers}`,
    );
  if (minInsyncReplicas < 1 || minInsyncReplicas > replicationFactor)
    throw new Error(`min.insync.replicas ${minInsyncReplicas} must be from 1 to the replication factor`);
  if (retentionMs < 60_000 || deadLetterRetentionMs < 60_000)
    throw new Error('retention must be at least a minute');
  return { partitions, replicationFactor, minInsyncReplicas, retentionMs, deadLetterRetentionMs };
}

/**
 * Makes every topic exist with the configured partitions and settings; safe to run again and from
 * several places at once. Existing topics get more partitions if fewer are configured than wanted
 * (never fewer: Kafka cannot shrink a topic), and their `min.insync.replicas` and `retention.ms`
 * set to the configured values. A replication factor that differs is reported, not changed (that
 * needs a partition reassignment by an operator).
 */
export async function provisionKafkaTopics(options: ProvisionOptions): Promise<ProvisionReport> {
  const log = options.log ?? silentLogger;
  const prefix = options.prefix ?? 'innerview';
  const admin = new Kafka(kafkaClientConfig(options.connection, log)).admin();
  await admin.connect();
  try {
    const cluster = await admin.describeCluster();
    const s = resolveTopicSettings(options.settings ?? {}, cluster.brokers.length);
    const wanted = new Map<string, Record<string, string>>();
    const eventConfig = topicConfig(s.minInsyncReplicas, s.retentionMs);
    for (const type of new Set(options.types)) wanted.set(eventTopic(prefix, type), eventConfig);
    wanted.set(deadLetterTopic(prefix), topicConfig(s.minInsyncReplicas, s.deadLetterRetentionMs));

    const existing = new Set(await admin.listTopics());
    const toCreate = [...wanted.keys()].filter((t) => !existing.has(t));
    const report: ProvisionedTopic[] = [];
    if (toCreate.length > 0) {
      await admin
        .createTopics({
          // kafkajs' own wait gives up on the "unknown topic" answers a busy broker gives at first.
          waitForLeaders: false,
          topics: toCreate.map((topic) => ({
            topic,
            numPartitions: s.partitions,
            replicationFactor: s.replicationFactor,
            configEntries: Object.entries(wanted.get(topic)!).map(([name, value]) => ({ name, value })),
          })),
        })
        .catch((error: unknown) => {
          // Another provisioning run made some of them first: the checks below cover them.
          if (!/already exists/i.test(String((error as Error).message))) throw error;
        });
      for (const topic of toCreate) report.push({ topic, action: 'created', notes: [] });
      await waitForLeaders(admin, toCreate, options.leaderTimeoutMs ?? 60_000);
    }
    const toCheck = [...wanted.keys()].filter((t) => existing.has(t));
    if (toCheck.length > 0) report.push(...(await reconcile(admin, toCheck, wanted, s)));
    report.sort((a, b) => a.topic.localeCompare(b.topic));
    return {
      brokers: cluster.brokers.length,
      partitions: s.partitions,
      replicationFactor: s.replicationFactor,
      minInsyncReplicas: s.minInsyncReplicas,
      topics: report,
    };
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/**
 * Waits (bounded) until every partition of `topics` has a leader that serves it (asking each
 * leader for the partition's offsets): a broker applies a new leadership some time after the
 * controller announced it, and until then refuses writes, so producers could fail right after.
 */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      const led =
        found.length === topics.length &&
        found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
      if (led) {
        await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
        return;
      }
    } catch {
      // Not known to, or not yet served by, the broker: ask again.
    }
    if (Date.now() > deadline)
      throw new Error(`topics have no leader after ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

function topicConfig(minInsyncReplicas: number, retentionMs: number): Record<string, string> {
  return {
    'min.insync.replicas': String(minInsyncReplicas),
    'retention.ms': String(retentionMs),
    'cleanup.policy': 'delete',
  };
}

async function reconcile(
  admin: Admin,
  topics: string[],
  wanted: Map<string, Record<string, string>>,
  s: ReturnType<typeof resolveTopicSettings>,
): Promise<ProvisionedTopic[]> {
  const metadata = await admin.fetchTopicMetadata({ topics });
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
  });
  const report: ProvisionedTopic[] = [];
  const grow: { topic: string; count: number }[] = [];
  const alter: { topic: string; entries: Record<string, string> }[] = [];
  for (const topic of topics) {
    const notes: string[] = [];
    const partitions = metadata.topics.find((t) => t.name === topic)?.partitions ?? [];
    if (partitions.length < s.partitions) {
      grow.push({ topic, count: s.partitions });
      notes.push(`partitions ${partitions.length} -> ${s.partitions}`);
    } else if (partitions.length > s.partitions) {
      notes.push(`has ${partitions.length} partitions, more than the ${s.partitions} configured (kept)`);
    }
    const replicas = partitions[0]?.replicas.length ?? 0;
    if (replicas !== s.replicationFactor)
      notes.push(
        `replication factor is ${replicas}, not ${s.replicationFactor}: reassign its partitions to change it`,
      );
    const current = new Map(
      (described.resources.find((r) => r.resourceName === topic)?.configEntries ?? []).map((e) => [
        e.configName,
        e.configValue,
      ]),
    );
    const entries = wanted.get(topic)!;
    const differing = Object.entries(entries).filter(([name, value]) => current.get(name) !== value);
    if (differing.length > 0) {
      alter.push({ topic, entries });
      for (const [name, value] of differing)
        notes.push(`${name} ${current.get(name) ?? 'unset'} -> ${value}`);
    }
    const changed = grow.some((g) => g.topic === topic) || differing.length > 0;
    report.push({ topic, action: changed ? 'updated' : 'unchanged', notes });
  }
  if (grow.length > 0) await admin.createPartitions({ topicPartitions: grow });
  if (alter.length > 0) {
    // kafkajs has no incremental form: the topic's dynamic settings become exactly these, so
    // provisioning owns its topics' settings (set others here, not by hand).
    await admin.alterConfigs({
      validateOnly: false,
      resources: alter.map(({ topic, entries }) => ({
        type: ConfigResourceTypes.TOPIC,
        name: topic,
        configEntries: Object.entries(entries).map(([name, value]) => ({ name, value })),
      })),
    });
  }
  return report;
}

/** The topics of `topics` that the cluster does not have. */
export async function missingTopics(admin: Admin, topics: readonly string[]): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  return [...new Set(topics)].filter((t) => !existing.has(t));
}

/** The error a service gives for topics nobody provisioned. */
export class MissingTopicsError extends Error {
  override readonly name = 'MissingTopicsError';
  readonly topics: string[];
  constructor(topics: string[]) {
    super(
      `Kafka topic${topics.length > 1 ? 's' : ''} ${topics.join(', ')} ${topics.length > 1 ? 'do' : 'does'} not exist: ` +
        'provision them first (npm run events -- provision); services never create topics',
    );
    this.topics = topics;
  }
}
