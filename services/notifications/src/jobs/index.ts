import { oneTimeTokenAad } from '@innerview/contracts';
import { openPayload } from '@innerview/crypto';
import type { ServiceContext } from '@innerview/kit';
import { eventPayloadKeysOf, type NotificationsConfig } from '../config.ts';
import { createMailTransport } from '../mail/create-transport.ts';
import { sendMailHandler, sendMailJobName } from './send-mail.ts';

/** Job processors and repeating schedules of the notifications service. */
export function registerJobs(ctx: ServiceContext<NotificationsConfig>): void {
  const transport = createMailTransport(ctx.config);
  const keys = eventPayloadKeysOf(ctx.config);
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
      settings: {
        appUrl: ctx.config.APP_URL,
        supportEmail: ctx.config.SUPPORT_EMAIL,
        from: ctx.config.MAIL_FROM,
      },
    }),
    { concurrency: 2 },
  );
}
