import { oneTimeTokenAad } from '@innerview/contracts';
import { goalTitleAad, reflectionSummaryAad } from '@innerview/contracts/goals';
import { openPayload, serviceEventPayloadKeys } from '@innerview/crypto';
import { createMailTransport } from '../adapters/mail/create-transport.ts';
import { startLocalPushService } from '../adapters/push/local-push-service.ts';
import { localPushServiceEnabled } from '../config.ts';
import type { NotificationsContext } from '../notifications-context.ts';
import { sendMailHandler, sendMailJobName } from './send-mail.ts';
import { sendReminderHandler, sendReminderJobName } from './send-reminder.ts';

/** Job processors and repeating schedules of the notifications service. */
export async function registerJobs({ service: ctx, push }: NotificationsContext): Promise<void> {
  const transport = createMailTransport(ctx.config);
  // The key ring auth seals link tokens with; memory:// (tests) keeps a throw-away one unless given.
  const keys = serviceEventPayloadKeys(ctx);
  ctx.jobs.process(
    sendMailJobName,
    sendMailHandler({
      db: ctx.db,
      transport,
      log: ctx.log,
      openToken: (sealed, template, userId) =>
        openPayload(
          keys,
          sealed,
          oneTimeTokenAad(
            template === 'password-reset' ? 'auth.password-reset.requested' : 'auth.verification.requested',
            userId,
          ),
        ),
      openTitle: (sealed, userId, goalId) => openPayload(keys, sealed, goalTitleAad(userId, goalId)),
      openSummary: (sealed, userId) => openPayload(keys, sealed, reflectionSummaryAad(userId)),
      settings: {
        appUrl: ctx.config.APP_URL,
        supportEmail: ctx.config.SUPPORT_EMAIL,
        from: ctx.config.MAIL_FROM,
      },
    }),
    { concurrency: 2 },
  );
  ctx.jobs.process(
    sendReminderJobName,
    sendReminderHandler(push, { jobs: ctx.jobs, backoffMs: ctx.config.MAIL_RETRY_BACKOFF_MS }),
    { concurrency: 2 },
  );
  // Embedded mode's stand-in push service, up before the service takes requests.
  if (localPushServiceEnabled(ctx.config)) {
    const local = await startLocalPushService({ vapidPublicKey: push.vapid.publicKey });
    push.localService = { url: local.url };
    ctx.onStop(() => local.close());
  }
}
