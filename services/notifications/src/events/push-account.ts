import type { EventEnvelope } from '@innerview/contracts';
import type { Queryable } from '@innerview/kit';
import { deleteUserPushes, deleteUserSubscriptions } from '../db/push-subscriptions.ts';
import type { PushContext } from '../push-context.ts';

/** What the account's end does to the person's devices and push log (ADR 17, ADR 59). */
export function pushAccountHandlers(push: PushContext) {
  const forget = async (tx: Queryable, userId: string) => {
    const devices = await deleteUserSubscriptions(tx, userId);
    if (devices > 0) push.metrics.subscriptions.inc({ change: 'erased' }, devices);
  };
  return {
    /** A deleted account reminds no device during its 90 days; reactivating asks again. */
    async userDeleted(event: EventEnvelope<'auth.user.deleted'>, tx: Queryable) {
      await forget(tx, event.data.userId);
    },
    /** The erasure: devices, push log and the person's data key go. */
    async userErased(event: EventEnvelope<'auth.user.erased'>, tx: Queryable) {
      await forget(tx, event.data.userId);
      await deleteUserPushes(tx, event.data.userId);
      await push.crypto.destroyUserKey(event.data.userId, tx);
    },
  };
}
