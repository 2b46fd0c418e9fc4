import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeOverWhenParked } from './register-service-worker.ts';

/** A worker as the page sees it: a state that changes, and the messages it was sent. */
class FakeWorker extends EventTarget {
  sent: unknown[] = [];
  state: ServiceWorkerState;
  constructor(state: ServiceWorkerState) {
    super();
    this.state = state;
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  moveTo(state: ServiceWorkerState, registration: FakeRegistration) {
    this.state = state;
    if (state === 'installed') {
      registration.installing = null;
      registration.waiting = this;
    } else if (state === 'activating') registration.waiting = null;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

const skip = { type: 'SKIP_WAITING' };
const watch = (registration: FakeRegistration) =>
  takeOverWhenParked(registration as unknown as ServiceWorkerRegistration);

describe('a new release that Chromium parks in waiting', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is asked again to take over when it is already waiting as the page registers', () => {
    const registration = new FakeRegistration();
    const parked = new FakeWorker('installed');
    registration.waiting = parked;
    watch(registration);
    expect(parked.sent).toEqual([skip]);
  });

  it('is asked a second later when an update installs and stays waiting', () => {
    const registration = new FakeRegistration();
    watch(registration);
    const update = new FakeWorker('installing');
    registration.find(update);
    update.moveTo('installed', registration);
    expect(update.sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(update.sent).toEqual([skip]);
  });

  it('is not asked when it takes over by itself', () => {
    const registration = new FakeRegistration();
    const update = new FakeWorker('installing');
    registration.installing = update;
    watch(registration);
    update.moveTo('installed', registration);
    update.moveTo('activating', registration);
    vi.advanceTimersByTime(1000);
    expect(update.sent).toEqual([]);
  });
});
