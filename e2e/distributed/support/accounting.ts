import type { Api, Call } from './api.ts';
import { type Cluster, serviceNames } from './cluster.ts';

export type Tally = {
  written: number;
  delivered: number;
  duplicated: number;
  lost: number;
  problems: string[];
};

type Outbox = { id: string; type: string; published: boolean; data: Record<string, unknown> };

/**
 * What the product owes after a scenario, read from the services' own databases, the SMTP sink and
 * the API: every event written is published and taken once by each consumer group that takes its
 * type; every verification event produced one mail; every registered person has one billing
 * account; every accepted chat message is stored once. Returns the counts and the problems.
 */
export async function tally(cluster: Cluster, api: Api): Promise<Tally> {
  const problems: string[] = [];
  const outbox = new Map<string, Outbox>();
  const inbox: Array<{ group: string; id: string; type: string }> = [];
  let deadLetters = 0;
  for (const service of serviceNames) {
    for (const row of await cluster.query<{
      id: string;
      type: string;
      published: boolean;
      data: Record<string, unknown>;
    }>(
      service,
      `select id, type, published_at is not null as published, payload->'data' as data from kit_outbox`,
    ))
      outbox.set(row.id, row);
    for (const row of await cluster.query<{ group: string; id: string; type: string }>(
      service,
      'select consumer_group as "group", event_id as id, event_type as type from kit_inbox',
    ))
      inbox.push(row);
    const [{ exists } = { exists: false }] = await cluster.query<{ exists: boolean }>(
      service,
      `select to_regclass('kit_dead_letters') is not null as exists`,
    );
    if (exists) {
      const [{ n } = { n: '0' }] = await cluster.query<{ n: string }>(
        service,
        'select count(*) as n from kit_dead_letters where replayed_at is null',
      );
      if (Number(n) > 0) problems.push(`${service}: ${n} dead letters not replayed`);
      deadLetters += Number(n);
    }
  }
  // The consumer groups of each type, as seen taking it at least once in this run.
  const groups = new Map<string, Set<string>>();
  for (const { group, type } of inbox) groups.set(type, (groups.get(type) ?? new Set()).add(group));
  const taken = new Set(inbox.map((r) => `${r.group}|${r.id}`));
  let delivered = 0;
  let lost = 0;
  for (const event of outbox.values()) {
    if (!event.published) {
      lost++;
      problems.push(`event ${event.type} ${event.id} never published`);
      continue;
    }
    for (const group of groups.get(event.type) ?? []) {
      if (taken.has(`${group}|${event.id}`)) delivered++;
      else {
        lost++;
        problems.push(`event ${event.type} ${event.id} not taken by ${group}`);
      }
    }
  }
  let duplicated = 0;
  // Mails: one per verification event, to its address.
  const verifications = new Map<string, number>();
  for (const e of outbox.values())
    if (e.type === 'auth.verification.requested') {
      const email = String(e.data.email).toLowerCase();
      verifications.set(email, (verifications.get(email) ?? 0) + 1);
    }
  for (const [email, events] of verifications) {
    const mails = cluster.smtp.to(email).filter((m) => m.text.includes('verification-success')).length;
    if (mails > events) {
      duplicated += mails - events;
      problems.push(`${email}: ${mails} verification mails for ${events} events`);
    } else if (mails < events) {
      lost += events - mails;
      problems.push(`${email}: ${mails} verification mails for ${events} events`);
    }
  }
  // Billing: one account per registered person.
  const registered = [...outbox.values()]
    .filter((e) => e.type === 'auth.user.registered')
    .map((e) => String(e.data.userId));
  const accounts = new Map<string, number>();
  for (const row of await cluster.query<{ user_id: string; n: string }>(
    'billing',
    'select user_id, count(*) as n from subscriptions group by user_id',
  ))
    accounts.set(row.user_id, Number(row.n));
  for (const userId of registered) {
    const n = accounts.get(userId) ?? 0;
    if (n === 0) {
      lost++;
      problems.push(`user ${userId}: no billing account`);
    } else if (n > 1) {
      duplicated += n - 1;
      problems.push(`user ${userId}: ${n} billing accounts`);
    }
  }
  // Every accepted request has its effect.
  problems.push(...(await acceptedEffects(cluster, api.calls, api)));
  if (deadLetters > 0) lost += 0; // counted as a problem above; replayable, so not lost yet
  return { written: outbox.size, delivered, duplicated, lost, problems };
}

async function acceptedEffects(cluster: Cluster, calls: Call[], api: Api): Promise<string[]> {
  const problems: string[] = [];
  const emails = new Set(
    (await cluster.query<{ email: string }>('auth', 'select lower(email) as email from users')).map(
      (r) => r.email,
    ),
  );
  for (const call of calls) {
    const effect = call.effect;
    if (!effect) continue;
    if (effect.type === 'signup' && !emails.has(effect.email.toLowerCase()))
      problems.push(`accepted sign-up ${effect.email}: no account`);
    if (effect.type === 'chat') {
      const res = await api.raw(`/api/v1/chat-sessions/${effect.sessionId}/transcript`, {
        token: effect.token,
      });
      if (!res.ok) {
        problems.push(`accepted chat ${effect.sessionId}: transcript ${res.status}`);
        await res.body?.cancel();
        continue;
      }
      const entries = (await res.json()) as Array<{ role: string; content: string }>;
      const stored = entries.filter((e) => e.role === 'user' && e.content === effect.message).length;
      const replies = entries.filter((e) => e.role === 'assistant').length;
      if (stored !== 1 || replies < 1)
        problems.push(
          `accepted chat ${effect.sessionId}: message stored ${stored} times, ${replies} replies`,
        );
    }
  }
  return problems;
}

/** Failed calls of a scenario that were not a 503/504 in the error shape. */
export function badFailures(calls: Call[], scenario: string): string[] {
  const counts = new Map<string, number>();
  for (const c of calls) {
    if (c.scenario !== scenario || (c.status >= 200 && c.status < 300)) continue;
    if ((c.status === 503 || c.status === 504) && c.errorShape) continue;
    const key = `${c.kind} ${c.status || 'no answer'} ${c.code ?? ''}${c.errorShape === false ? ' (not {detail, code})' : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`);
}
