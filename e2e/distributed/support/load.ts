import { randomUUID } from 'node:crypto';
import type { Api } from './api.ts';

export type Person = { email: string; token: string };

/**
 * A steady light load in the background while a fault is injected: one request every
 * `everyMs` (about 3 a second), rotating sign-ups, logins, streamed chats and billing reads, with a
 * bound on requests in flight so that a hanging dependency cannot pile them up without end.
 */
export class Load {
  #timer: NodeJS.Timeout | undefined;
  #inFlight = new Set<Promise<unknown>>();
  #turn = 0;
  readonly signups: string[] = [];

  readonly api: Api;
  readonly people: Person[];
  readonly everyMs: number;
  readonly maxInFlight: number;

  constructor(api: Api, people: Person[], everyMs = 330, maxInFlight = 8) {
    this.api = api;
    this.people = people;
    this.everyMs = everyMs;
    this.maxInFlight = maxInFlight;
  }

  start(): void {
    this.#timer = setInterval(() => this.#tick(), this.everyMs);
  }

  #tick(): void {
    if (this.#inFlight.size >= this.maxInFlight) return;
    const turn = this.#turn++;
    const person = this.people[turn % this.people.length]!;
    let work: Promise<unknown>;
    switch (turn % 4) {
      case 0: {
        const email = `load-${randomUUID().slice(0, 12)}@example.ch`;
        this.signups.push(email);
        work = this.api.signup(email);
        break;
      }
      case 1:
        work = this.api.login(person.email);
        break;
      case 2:
        work = this.api.chat(person.token);
        break;
      default:
        work = this.api.status(person.token);
    }
    const tracked = work.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  /** Stops sending and waits for every request in flight to end. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await Promise.allSettled([...this.#inFlight]);
  }
}
