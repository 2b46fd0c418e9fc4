import { describe, expect, it } from 'vitest';
import { type ProviderSnapshot, syncWithProvider } from './provider-sync.ts';
import { activateTrial } from './subscription-machine.ts';
import { initialState, type SubscriptionState } from './subscription-state.ts';

const T0 = new Date('2026-01-31T09:00:00.000Z');
const feb = new Date('2026-02-28T09:00:00.000Z');
const mar = new Date('2026-03-31T09:00:00.000Z');
const context = { now: T0, isCurrent: true, graceDays: 7 };

const snapshot = (overrides: Partial<ProviderSnapshot> = {}): ProviderSnapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  plan: 'monthly',
  currency: 'CHF',
  amountMinor: 1900,
  billingAnchor: T0,
  currentPeriodStart: T0,
  currentPeriodEnd: feb,
  cancelAtPeriodEnd: false,
  cancelRequestedAt: null,
  endedAt: null,
  endReason: null,
  scheduledPlan: null,
  paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
  ...overrides,
});

function trial(): SubscriptionState {
  const started = activateTrial(initialState(1000), { now: new Date('2026-01-20T00:00:00Z'), quota: 1000 });
  if (!started.ok) throw new Error('unreachable');
  return started.state;
}

function paid(): SubscriptionState {
  return syncWithProvider(trial(), snapshot(), { ...context, isCurrent: false }).state;
}

describe('syncing with the provider', () => {
  it('starts the paid plan from a new subscription and ends the trial at once', () => {
    const result = syncWithProvider(trial(), snapshot(), { ...context, isCurrent: false });
    expect(result.transitions).toEqual(['startPaidPlan']);
    expect(result.state).toMatchObject({
      status: 'monthly',
      trialEndsAt: T0,
      currentPeriodEnd: feb,
      billingAnchor: T0,
    });
  });

  it('changes nothing when the same snapshot is applied again (duplicate events)', () => {
    const state = paid();
    for (const overrides of [{}, { cancelAtPeriodEnd: true }, { scheduledPlan: 'yearly' as const }]) {
      const once = syncWithProvider(state, snapshot(overrides), context);
      const twice = syncWithProvider(once.state, snapshot(overrides), context);
      expect(twice.transitions).toEqual([]);
      expect(twice.state).toEqual(once.state);
    }
  });

  it('names the transitions when intermediate events were lost (out of order or missing)', () => {
    const ended = syncWithProvider(
      paid(),
      snapshot({ status: 'canceled', endedAt: feb, endReason: 'cancelled', cancelRequestedAt: T0 }),
      context,
    );
    expect(ended.transitions).toEqual(['requestCancellation', 'endCancelledPeriod']);
    expect(ended.state).toMatchObject({ status: 'cancelled', endedAt: feb });
    // An older "updated" snapshot arriving after that one is re-read as the current one: still cancelled.
    const stale = syncWithProvider(
      ended.state,
      snapshot({ status: 'canceled', endedAt: feb, endReason: 'cancelled' }),
      context,
    );
    expect(stale.transitions).toEqual([]);
  });

  it('renews into a scheduled plan and recovers from past due', () => {
    const scheduled = syncWithProvider(paid(), snapshot({ scheduledPlan: 'yearly' }), context);
    expect(scheduled.transitions).toEqual(['schedulePlanChange']);
    const renewed = syncWithProvider(
      scheduled.state,
      snapshot({
        plan: 'yearly',
        amountMinor: 19000,
        currentPeriodStart: feb,
        currentPeriodEnd: new Date('2027-02-28T09:00:00Z'),
      }),
      context,
    );
    expect(renewed.transitions).toEqual(['renewPeriod']);
    expect(renewed.state).toMatchObject({ status: 'yearly', scheduledPlan: null });

    const failed = syncWithProvider(
      paid(),
      snapshot({ status: 'past_due', currentPeriodStart: feb, currentPeriodEnd: mar }),
      {
        ...context,
        now: feb,
      },
    );
    expect(failed.transitions).toEqual(['failRenewal']);
    expect(failed.state).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: mar,
      accessUntil: new Date('2026-03-07T09:00:00Z'),
    });
    const recovered = syncWithProvider(
      failed.state,
      snapshot({ currentPeriodStart: feb, currentPeriodEnd: mar }),
      context,
    );
    expect(recovered.transitions).toEqual(['recoverPayment']);
    const terminated = syncWithProvider(
      failed.state,
      snapshot({ status: 'canceled', endReason: 'non_payment', endedAt: mar }),
      context,
    );
    expect(terminated.transitions).toEqual(['terminateForNonPayment']);
  });

  it('follows a cancellation and its withdrawal made at the provider (customer portal)', () => {
    const cancelling = syncWithProvider(
      paid(),
      snapshot({ cancelAtPeriodEnd: true, cancelRequestedAt: T0 }),
      context,
    );
    expect(cancelling.transitions).toEqual(['requestCancellation']);
    const resumed = syncWithProvider(cancelling.state, snapshot(), context);
    expect(resumed.transitions).toEqual(['undoCancellation']);
  });

  it('flags a second running subscription instead of applying it', () => {
    const result = syncWithProvider(paid(), snapshot({ subscriptionId: 'sub_2' }), {
      ...context,
      isCurrent: false,
    });
    expect(result).toMatchObject({ duplicate: true, transitions: [] });
  });

  it('ignores a checkout that is not paid yet, and an old subscription that ended', () => {
    expect(
      syncWithProvider(trial(), snapshot({ status: 'pending' }), { ...context, isCurrent: false })
        .transitions,
    ).toEqual([]);
    expect(
      syncWithProvider(paid(), snapshot({ subscriptionId: 'sub_0', status: 'canceled' }), {
        ...context,
        isCurrent: false,
      }).transitions,
    ).toEqual([]);
  });
});
