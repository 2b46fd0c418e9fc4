import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badFailures, type Tally, tally } from './support/accounting.ts';
import { Api, PASSWORD, readAll, sseEvents, verificationToken } from './support/api.ts';
import { artifacts, CHAT_REPLY_LEASE_MS, Cluster, kafkaInTree } from './support/cluster.ts';
import { Load, type Person } from './support/load.ts';
import { waitFor } from './support/processes.ts';

// Issue 15, item 8: the product in its distributed form (gateway and six services as separate
// processes, one PostgreSQL database each behind a cuttable proxy, the suite's own Redis, Kafka or
// Redis Streams, an SMTP sink), the whole journey of a person, then one fault per test under a
// steady light load, each followed by the same accounting. See README.md beside this file.
const cluster = new Cluster();
let api: Api;
const people: Person[] = [];
const scenarios: string[] = [];
let last: Tally | undefined;
const say = (line: string) => console.log(`[distributed] ${line}`);

beforeAll(async () => {
  try {
    await cluster.start(say);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  api = new Api(cluster.url);
  say(`gateway ${cluster.url}; logs in ${path.relative(process.cwd(), artifacts)}`);
}, 1_200_000);

afterAll(async () => {
  for (const line of cluster.restartsOnStart) say(line);
  if (last)
    console.log(
      `distributed: ${scenarios.length} scenarios, ${api.calls.filter((c) => c.status >= 200 && c.status < 300).length} requests accepted, ` +
        `${last.written} events written, ${last.delivered} delivered, ${last.duplicated} duplicated, ${last.lost} lost`,
    );
  await cluster.stop();
}, 120_000);

/** Signs a person up, verifies through the mail's link, logs in; optionally starts the trial. */
async function newPerson(prefix: string, trial = true): Promise<Person & { userId: string }> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.ch`;
  const { call } = await api.signup(email, 'Hypatia');
  expect(call.status).toBe(201);
  const token = await waitFor(
    'verification mail',
    () =>
      cluster.smtp
        .to(email)
        .map((m) => verificationToken(m.text))
        .find(Boolean),
    30_000,
  );
  expect((await api.raw('/api/v1/users/verify', { method: 'POST', json: { token } })).status).toBe(200);
  const login = await api.login(email);
  expect(login.call.status).toBe(200);
  const access = (login.call.effect as { token: string }).token;
  const me = (await (await api.raw('/api/v1/users/me', { token: access })).json()) as { id: string };
  if (trial)
    await waitFor(
      'free trial',
      async () => {
        const res = await api.raw('/api/v1/subscriptions/freemium/activate', {
          method: 'POST',
          token: access,
        });
        await res.body?.cancel();
        return res.ok || res.status === 409 ? true : undefined;
      },
      30_000,
      250,
    );
  return { email, token: access, userId: me.id };
}

/**
 * Runs `fault` under the background load, then waits (with a deadline) until everything owed has
 * happened and checks it: effects of accepted requests, events once each, mails and billing
 * accounts once per person, no dead letters, failures only as 503/504 in the error shape.
 */
async function underLoad(name: string, fault: (load: Load) => Promise<number>): Promise<void> {
  scenarios.push(name);
  api.scenario = name;
  const load = new Load(api, people);
  load.start();
  let restoredAt: number;
  try {
    restoredAt = await fault(load);
    // Some more load after the fault, to see requests succeed again.
    const after = api.calls.length;
    await waitFor(
      'requests accepted again after the fault',
      () =>
        api.calls.slice(after).filter((c) => c.status >= 200 && c.status < 300).length >= 4
          ? true
          : undefined,
      60_000,
    );
  } finally {
    await load.stop();
  }
  const firstOk = api.calls.find(
    (c) => c.scenario === name && c.at >= restoredAt && c.status >= 200 && c.status < 300,
  );
  let current: Tally | undefined;
  await waitFor(
    `${name}: everything owed delivered`,
    async () => {
      current = await tally(cluster, api);
      return current.problems.length === 0 ? current : undefined;
    },
    120_000,
    1_000,
  ).catch(() => {});
  const settled = Date.now();
  last = current;
  const mine = api.calls.filter((c) => c.scenario === name);
  say(
    `${name}: ${mine.length} requests, ${mine.filter((c) => c.status >= 200 && c.status < 300).length} accepted, ` +
      `${mine.filter((c) => c.status === 503 || c.status === 504).length} answered 503/504; ` +
      `first success ${firstOk ? firstOk.at - restoredAt : 'n/a'} ms after the fault ended, ` +
      `all delivered ${settled - restoredAt} ms after (time to recover)`,
  );
  expect(current?.problems ?? ['no tally'], `${name}: what the product owes`).toEqual([]);
  expect(badFailures(api.calls, name), `${name}: failures not 503/504 in the error shape`).toEqual([]);
  expect(current!.duplicated).toBe(0);
  expect(current!.lost).toBe(0);
}

describe('the distributed product', () => {
  it('carries a person through the whole journey, through the gateway', async () => {
    api.scenario = 'journey';
    scenarios.push('journey');
    const person = await newPerson('journey');
    const answered = await api.raw('/api/v1/answers/', {
      method: 'POST',
      token: person.token,
      json: { question_key: 'question_1', answer_text: 'Walks by the lake with my sister.' },
    });
    expect(answered.status).toBe(200);
    const submitted = await api.raw('/api/v1/questionnaire/submit', { method: 'POST', token: person.token });
    expect(submitted.status).toBe(200);
    // Chat learns of the trial by an event: the first message may wait for it.
    const chat = await waitFor(
      'a streamed chat reply',
      async () => {
        const call = await api.chat(person.token, 'I keep postponing the talk with my sister.');
        return call.effect?.type === 'chat' ? call.effect : undefined;
      },
      30_000,
      500,
    );
    const form = new FormData();
    form.append('files', new Blob(['Dear sister, about the summer…'], { type: 'text/plain' }), 'letter.txt');
    form.set('session_id', chat.sessionId);
    const upload = await api.raw('/api/v1/files/upload-multiple-to-session', {
      method: 'POST',
      token: person.token,
      body: form,
    });
    expect(upload.status).toBe(200);
    const exported = await api.raw('/api/v1/users/me/export', { token: person.token });
    expect(exported.status).toBe(200);
    const data = JSON.stringify(await exported.json());
    expect(data).toContain(person.email);
    expect(data).toContain('letter.txt');
    expect(data).toContain('I keep postponing the talk with my sister.');
    const deleted = await api.raw('/api/v1/users/me', {
      method: 'DELETE',
      token: person.token,
      json: { current_password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    api.forget(person.token);
    expect((await api.login(person.email)).call.status).toBe(403);
    expect((await api.raw('/api/v1/users/me', { token: person.token })).status).toBe(401);
    // The people of the background load.
    for (const prefix of ['load-a', 'load-b', 'load-c']) people.push(await newPerson(prefix));
    last = await waitFor(
      'journey settled',
      async () => {
        const t = await tally(cluster, api);
        return t.problems.length === 0 ? t : undefined;
      },
      60_000,
      1_000,
    );
  });

  it('survives kill -9 of billing and its restart', async () => {
    await underLoad('kill -9 billing', async (load) => {
      await cluster.services.get('billing')!.kill9();
      const before = load.signups.length;
      // Down until the load has made some sign-ups billing must still hear of.
      await waitFor(
        'sign-ups while billing is down',
        () => (load.signups.length - before >= 3 ? true : undefined),
        30_000,
      );
      const took = await cluster.restart('billing');
      say(`billing ready ${took} ms after its restart`);
      // It serves without waiting for its consumer group, which the broker holds for the dead
      // member's session time-out (30 s): once, billing answered nothing for 27 s of it.
      expect(took).toBeLessThan(20_000);
      return Date.now();
    });
  });

  it("survives billing's and notifications' databases cut for 30 s (reset, then black-holed)", async () => {
    await underLoad('database cut 30 s', async () => {
      const cut = ['billing', 'notifications'] as const;
      for (const s of cut) {
        cluster.dbProxies.get(s)!.reset();
        cluster.dbProxies.get(s)!.blackHole();
      }
      const until = Date.now() + 30_000;
      // The fault's length, not a wait for a state: meanwhile, every 2 s, the processes must live.
      await waitFor(
        'the 30 s of the cut, both processes alive',
        () => {
          for (const s of cut)
            if (!cluster.services.get(s)!.alive) throw new Error(`${s} died while its database was cut`);
          return Date.now() >= until ? true : undefined;
        },
        40_000,
        2_000,
      ).catch((err) => {
        for (const s of cut) cluster.dbProxies.get(s)!.open();
        throw err;
      });
      for (const s of cut) cluster.dbProxies.get(s)!.open();
      return Date.now();
    });
  });

  // Only with a broker of the suite's own (the shared one on 9092 is never stopped); the tree
  // without infra/kafka/kafka.sh runs on Redis Streams, where the Redis faults below are the bus's.
  if (kafkaInTree)
    it('survives a restart of the Kafka broker', async () => {
      await underLoad('Kafka broker restarted', async (load) => {
        const kafka = cluster.kafka;
        if (!kafka) throw new Error('no own Kafka broker (DISTRIBUTED_BUS=redis?)');
        await kafka.stop();
        const before = load.signups.length;
        await waitFor(
          'sign-ups while the broker is down',
          () => (load.signups.length - before >= 3 ? true : undefined),
          30_000,
        );
        const started = Date.now();
        await kafka.start();
        say(`Kafka broker answering ${Date.now() - started} ms after its start`);
        return Date.now();
      });
    });

  it('survives Redis unreachable for 15 s', async () => {
    const revoked = await newPerson('revoked-outage', false);
    expect((await api.raw('/api/v1/login/logout', { method: 'POST', token: revoked.token })).status).toBe(
      200,
    );
    const person = people[0]!;
    const during: Record<string, number> = {};
    await underLoad('Redis unreachable 15 s', async () => {
      cluster.redisProxy.reset();
      cluster.redisProxy.refuse();
      const until = Date.now() + 15_000;
      // Signed-in people go on (auth's database answers for the revocation cache), and a token
      // logged out before stays refused.
      during.signedIn = (await api.raw('/api/v1/users/me', { token: person.token })).status;
      during.loggedOut = (await api.raw('/api/v1/users/me', { token: revoked.token })).status;
      await waitFor('the 15 s of the outage', () => (Date.now() >= until ? true : undefined), 20_000, 500);
      cluster.redisProxy.open();
      return Date.now();
    });
    expect(during).toEqual({ signedIn: 200, loggedOut: 401 });
  });

  it('survives Redis coming back empty, and a revoked token stays revoked', async () => {
    const revoked = await newPerson('revoked', false);
    const logout = await api.raw('/api/v1/login/logout', { method: 'POST', token: revoked.token });
    expect(logout.status).toBeLessThan(300);
    expect((await api.raw('/api/v1/users/me', { token: revoked.token })).status).toBe(401);
    await underLoad('Redis back empty', async () => {
      // No persistence (--save '' --appendonly no): the restarted server has nothing.
      await cluster.redis.run.kill9();
      await cluster.redis.start();
      return Date.now();
    });
    expect((await api.raw('/api/v1/users/me', { token: revoked.token })).status).toBe(401);
  });

  it('fails a reply cut by a killed chat process clearly, and its retry stores the message once', async () => {
    const person = people[0]!;
    // One try: a new conversation, chat killed at its fourth piece, restarted, the reply resumed.
    // Under load this test's own process can read the pieces late, after the reply was written
    // whole: the resume then rightly answers 404 (nothing in flight), and that try did not kill
    // anything mid-reply, so it is made again (at most three times).
    const killMidReply = async () => {
      const message = `Killed mid-reply ${randomUUID().slice(0, 6)}: how do I start?`;
      const sent = await api.raw('/api/v1/chat/stream', {
        method: 'POST',
        token: person.token,
        json: { message, session_id: null },
        timeoutMs: 60_000,
      });
      expect(sent.status).toBe(200);
      const seen: Array<{ id?: string; event?: string; data: string }> = [];
      try {
        for await (const event of sseEvents(sent)) {
          seen.push(event);
          if (seen.length === 4) await cluster.services.get('chat')!.kill9();
        }
      } catch {
        // The connection breaks with the process (or the gateway ends the stream).
      }
      expect(seen.some((e) => e.data === '[DONE]')).toBe(false);
      const sessionId = (JSON.parse(seen[0]!.data) as { session_id: string }).session_id;
      const lastId = seen.filter((e) => e.id).at(-1)?.id ?? '0';
      await cluster.restart('chat');
      const restoredAt = Date.now();
      // The gateway may still answer 503 for chat until it sees it ready again: a client retries.
      const resumed = await waitFor(
        'the resume answered',
        async () => {
          const res = await api.raw(`/api/v1/chat/stream/${sessionId}/resume?after=${lastId}`, {
            token: person.token,
            timeoutMs: CHAT_REPLY_LEASE_MS * 4 + 10_000,
          });
          if (res.status !== 503) return res;
          await res.body?.cancel();
          return undefined;
        },
        30_000,
        500,
      );
      return { message, sessionId, restoredAt, resumed };
    };
    await underLoad('chat killed mid-reply', async () => {
      let attempt = await killMidReply();
      for (let tries = 1; tries < 3 && attempt.resumed.status === 404; tries++) {
        await attempt.resumed.body?.cancel();
        say('chat killed after its reply was written whole: once more');
        attempt = await killMidReply();
      }
      const { message, sessionId, restoredAt, resumed } = attempt;
      expect(resumed.status).toBe(200);
      const end = (await readAll(resumed)).at(-1);
      expect(end?.event).toBe('error');
      expect(JSON.parse(end!.data)).toMatchObject({ code: 'REPLY_INTERRUPTED' });
      // The retry (same text, same session) answers whole and the message is there once.
      const retried = await api.raw('/api/v1/chat/stream', {
        method: 'POST',
        token: person.token,
        json: { message, session_id: sessionId },
        timeoutMs: 60_000,
      });
      expect(retried.status).toBe(200);
      expect((await readAll(retried)).at(-1)?.data).toBe('[DONE]');
      const transcript = (await (
        await api.raw(`/api/v1/chat-sessions/${sessionId}/transcript`, { token: person.token })
      ).json()) as Array<{ role: string; content: string }>;
      expect(transcript.filter((e) => e.role === 'user' && e.content === message)).toHaveLength(1);
      expect(transcript.filter((e) => e.role === 'assistant')).toHaveLength(1);
      return restoredAt;
    });
  });

  it('splits the work between two notifications replicas, each mail sent once', async () => {
    const second = await cluster.startReplica('notifications', '-2');
    const logs = ['notifications', 'notifications-2'].map((n) => path.join(artifacts, `${n}.log`));
    const sentBefore = logs.map((f) => mailsSentIn(f));
    await underLoad('two notifications replicas', async (load) => {
      const before = load.signups.length;
      await waitFor(
        'sign-ups for both replicas',
        () => (load.signups.length - before >= 12 ? true : undefined),
        60_000,
      );
      return Date.now();
    });
    const sent = logs.map((f, i) => mailsSentIn(f) - sentBefore[i]!);
    say(`mails sent by the replicas: ${sent.join(' and ')}`);
    expect(second.alive).toBe(true);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0);
  });
});

/** How many mails a notifications process logged as sent. */
function mailsSentIn(logFile: string): number {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"mail sent"')).length;
}
