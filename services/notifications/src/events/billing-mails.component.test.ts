import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@innerview/contracts';
import { createEvent } from '@innerview/kit';
import { type CountedJobQueue, countedJobQueue } from '@innerview/kit/testing/counted-jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/helpers.ts';
import { type NotificationsHarness, startNotificationsHarness } from '../testing/notifications-harness.ts';

/** The billing events reach the mailbox through the bus, the inbox and the send-mail job. */
describe('billing mails, embedded mode', () => {
  let h: NotificationsHarness<CountedJobQueue>;
  beforeAll(async () => {
    h = await startNotificationsHarness({ jobs: countedJobQueue() });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  const publish = async <T extends EventType>(type: T, data: EventData<T> & { userId: string }) => {
    const event = createEvent(type, data.userId, data);
    await h.publish(event);
    return event;
  };
  const person = (language: 'en' | 'de' | 'fr' = 'en') => {
    const userId = randomUUID();
    return { userId, email: `p.${userId.slice(0, 8)}@example.com`, firstName: 'Noa', language };
  };

  it('sends each of the seven billing mails on its event', async () => {
    const p = person();
    await publish('billing.trial.ending', {
      ...p,
      trialEnd: '2026-03-02T09:00:00.000Z',
      tokensRemaining: 5000,
    });
    await publish('billing.trial.expired', { ...p, trialEnd: '2026-03-02T09:00:00.000Z' });
    await publish('billing.payment.succeeded', {
      ...p,
      amountMinor: 1900,
      currency: 'CHF',
      plan: 'monthly',
      nextBillingDate: '2026-04-02',
    });
    await publish('billing.payment.failed', {
      ...p,
      amountMinor: 1900,
      currency: 'CHF',
      plan: 'monthly',
      accessUntil: '2026-04-09',
    });
    await publish('billing.plan.changed', {
      ...p,
      fromPlan: 'monthly',
      toPlan: 'yearly',
      effectiveDate: '2026-04-02',
      amountMinor: 19000,
      currency: 'CHF',
    });
    await publish('billing.subscription.cancelled', {
      ...p,
      plan: 'monthly',
      accessUntil: '2026-04-02',
      reactivateBy: '2026-07-01',
    });
    await publish('billing.subscription.reactivated', {
      ...p,
      plan: 'monthly',
      nextBillingDate: '2026-04-02',
    });
    const mails = await eventually(async () => {
      const found = await h.mailsTo(p.email);
      return found.length === 7 ? found : undefined;
    });
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'Your Innerview trial ends in 2 days',
        'Your Innerview trial has ended',
        'Thank you – your Innerview payment was received',
        'Your Innerview payment didn’t go through',
        'Your Innerview plan change is confirmed',
        'Your Innerview subscription has been cancelled',
        'Welcome back – your Innerview subscription is active again',
      ].sort(),
    );
  });

  it('sends one mail for a redelivered event, in the person’s language', async () => {
    const p = person('de');
    const event = createEvent('billing.payment.failed', p.userId, {
      ...p,
      amountMinor: 19000,
      currency: 'EUR',
      plan: 'yearly',
      accessUntil: '2026-04-09',
    });
    const consumedBefore = h.bus.metrics.consumed;
    await h.publish(event);
    await h.publish(event);
    const [mail] = await eventually(async () => {
      const found = await h.mailsTo(p.email);
      return found.length > 0 ? found : undefined;
    });
    // Both deliveries handled, and every mail job they queued has run: a second mail would be there.
    await eventually(() => h.bus.metrics.consumed >= consumedBefore + 2);
    await h.jobs.allFinished();
    expect(await h.mailsTo(p.email)).toHaveLength(1);
    expect(mail?.subject).toBe('Deine Zahlung an Innerview hat nicht geklappt');
    expect(mail?.text).toContain('Wir konnten EUR 190.00 für dein Jahresabo nicht abbuchen.');
    expect(mail?.links).toEqual(['http://localhost:8080/auth/subscription-expired']);
  });
});
