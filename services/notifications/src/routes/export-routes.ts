import type { RouteDefinition, ServiceContext } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import type { NotificationsConfig } from '../config.ts';
import { listUserMails } from '../db/sent-mail.ts';

/**
 * `GET /internal/export` for the auth service's data export (ADR 17): which mails were sent to the
 * person, when, in which language. The service keeps no address and no body, so there is none to give.
 */
export function exportRoutes(ctx: ServiceContext<NotificationsConfig>): RouteDefinition[] {
  return [
    internalExportRoute({
      summary: 'the mails sent to the person (template, language, status, times), for their data export',
      exportUser: async (userId) => ({
        mails: (await listUserMails(ctx.db, userId)).map((mail) => ({
          template: mail.template,
          language: mail.language,
          status: mail.status,
          created_at: mail.createdAt.toISOString(),
          sent_at: mail.sentAt?.toISOString() ?? null,
        })),
      }),
    }),
  ];
}
