import { HttpError } from '@innerview/kit';
import type { BillingContext } from '../billing-context.ts';

/**
 * Runs a provider call; a failure becomes a 502 the client can retry ("We couldn't load your
 * subscription information..." / try again), logged without the provider's message body.
 */
export async function viaProvider<T>(
  billing: BillingContext,
  what: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    billing.service.log.warn(
      { provider: billing.provider.kind, call: what, error: error instanceof Error ? error.name : 'unknown' },
      'payment provider call failed',
    );
    throw new HttpError(
      502,
      'The payment provider could not be reached. Please try again.',
      'PAYMENT_PROVIDER_UNAVAILABLE',
    );
  }
}
