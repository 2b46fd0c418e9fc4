import type { ServiceContext } from '@innerview/kit';
import type { NotificationsConfig } from '../config.ts';
import { createMailTransport } from '../mail/create-transport.ts';
import { sendMailHandler, sendMailJobName } from './send-mail.ts';

/** Job processors and repeating schedules of the notifications service. */
export function registerJobs(ctx: ServiceContext<NotificationsConfig>): void {
  const transport = createMailTransport(ctx.config);
  ctx.jobs.process(
    sendMailJobName,
    sendMailHandler({
      db: ctx.db,
      transport,
      log: ctx.log,
      settings: {
        appUrl: ctx.config.APP_URL,
        supportEmail: ctx.config.SUPPORT_EMAIL,
        from: ctx.config.MAIL_FROM,
      },
    }),
    { concurrency: 2 },
  );
}
