import { describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { createEventBus } from './create-bus.ts';
import { pings } from './test-support.ts';

describe('createEventBus (memory)', () => {
  it('gives every service of the process a handle onto one shared bus', async () => {
    const billing = await createEventBus({ kind: 'memory', prefix: 'create-bus-test' });
    const chat = await createEventBus({ kind: 'memory', prefix: 'create-bus-test' });
    const got: string[] = [];
    await chat.subscribe({
      group: 'chat',
      types: ['platform.ping'],
      handler: async (e) => void got.push(e.id),
    });
    const events = pings(2, ['u']);
    await billing.publish(events);
    await eventually(() => got.length === 2, { timeoutMs: 2000, what: 'delivery across handles' });
    expect(got).toEqual(events.map((e) => e.id));
    // Closing one service's handle leaves the bus to the others.
    await billing.close();
    await expect(billing.publish(events)).rejects.toThrow('closed');
    await chat.ping();
    await chat.close();
  });
});
