import type { EventEnvelope } from '@innerview/contracts';
import { v7 as uuidv7 } from 'uuid';
import { isPostgresUrl } from '../config.ts';
import { defineService } from '../service.ts';
import type { EventBus } from './bus.ts';
import { createEvent } from './envelope.ts';
import { on } from './inbox.ts';

/** Test helpers shared by the events tests (not part of the public API). */

/** `count` ping events over `subjects` in turn, `run` at a time; `data.note` is the running number. */
export function pings(count: number, subjects: string[], run = 1): EventEnvelope<'platform.ping'>[] {
  return Array.from({ length: count }, (_, i) =>
    createEvent(
      'platform.ping',
      subjects[Math.floor(i / run) % subjects.length]!,
      { note: String(i) },
      { id: uuidv7() },
    ),
  );
}

/** Wraps a bus: `down` makes every publish fail, as a broker that cannot be reached. */
export function switchableBus(inner: EventBus): EventBus & { down: boolean; published: EventEnvelope[] } {
  const published: EventEnvelope[] = [];
  const bus = {
    down: false,
    published,
    kind: inner.kind,
    get metrics() {
      return inner.metrics;
    },
    publish: async (events: EventEnvelope[]) => {
      if (bus.down) throw new Error('bus unreachable');
      await inner.publish(events);
      published.push(...events);
    },
    subscribe: inner.subscribe.bind(inner),
    ping: inner.ping.bind(inner),
    deadLetters: inner.deadLetters.bind(inner),
    consumerLag: inner.consumerLag.bind(inner),
    close: inner.close.bind(inner),
  };
  return bus;
}

/**
 * A TCP proxy on a loopback port to a local server: `cut()` drops every connection and refuses new
 * ones (the server "goes down" for its clients), `restore()` accepts again on the same port.
 */
export async function tcpProxy(targetUrl: string): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}> {
  const { createServer, connect } = await import('node:net');
  const target = new URL(targetUrl);
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((client) => {
    const defaultPort = isPostgresUrl(target.href) ? 5432 : 6379;
    const upstream = connect(Number(target.port || defaultPort), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as import('node:net').AddressInfo).port);
      });
    });
  const port = await listen(0);
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: url.toString(),
    cut,
    restore: async () => {
      await listen(port);
    },
    close: cut,
  };
}

/** A `notifications` service with no routes that keeps the note of every `platform.ping` it consumes. */
export function pingRecorder(received: string[]) {
  return defineService({
    name: 'notifications',
    defaultPort: 0,
    routes: () => [],
    subscriptions: () => [
      on('platform.ping', async (event) => {
        received.push(event.data.note);
      }),
    ],
  });
}
