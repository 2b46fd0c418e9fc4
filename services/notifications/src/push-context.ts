import { serviceUserCrypto, type UserCrypto } from '@innerview/crypto';
import type { ServiceContext } from '@innerview/kit';
import { Counter } from 'prom-client';
import { loadOrCreateVapidKeys, type VapidKeys } from './adapters/push/vapid.ts';
import type { NotificationsConfig } from './config.ts';
import { dataKeys } from './db/schema.ts';

export type NotificationsServiceContext = ServiceContext<NotificationsConfig>;

/** What the push side of the service builds once per running service. */
export interface PushContext {
  service: NotificationsServiceContext;
  crypto: UserCrypto;
  vapid: VapidKeys;
  /** The local stand-in push service while it runs (embedded): its origin is the only http:// one accepted. */
  localService: { url: string } | null;
  metrics: {
    /** `change`: added, removed (by the person), gone (the push service said so), erased. */
    subscriptions: Counter<'change'>;
    /** `outcome`: delivered, gone, failed (per device). */
    messages: Counter<'outcome'>;
  };
}

/** The push side of a running service, built once with its context (keys loaded, metrics registered). */
export function pushContext(service: NotificationsServiceContext): PushContext {
  const { config } = service;
  return {
    service,
    crypto: serviceUserCrypto(service, dataKeys),
    vapid: loadOrCreateVapidKeys(config),
    localService: null,
    metrics: {
      subscriptions: new Counter({
        name: 'notifications_push_subscriptions_total',
        help: 'Push subscriptions added, removed by their owner, gone (push service 404/410) or erased',
        labelNames: ['change'],
        registers: [service.metrics],
      }),
      messages: new Counter({
        name: 'notifications_push_messages_total',
        help: 'Push messages sent, per device, by outcome (delivered, gone, failed)',
        labelNames: ['outcome'],
        registers: [service.metrics],
      }),
    },
  };
}
