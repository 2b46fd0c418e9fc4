import type { RouteDefinition, ServiceContext } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import type { NotificationsConfig } from '../config.ts';
import { listSubscriptions, listUserPushes } from '../db/push-subscriptions.ts';
import { findRecipient } from '../db/recipients.ts';
import { listUserMails } from '../db/sent-mail.ts';
import type { PushContext } from '../push-context.ts';

/**
 * `GET /internal/export` for the auth service's data export (ADR 17): which mails were sent to the
 * person, when, in which language (no body is kept), and where reminders go (`recipient`: the
 * address, first name and language kept for them, docs/product.md#goals).
 */
export function exportRoutes(ctx: ServiceContext<NotificationsConfig>, push: PushContext): RouteDefinition[] {
  return [
    internalExportRoute({
      summary: 'the mails and pushes sent to the person and their reminded devices, for their data export',
      exportUser: async (userId) => ({
        recipient: await recipientOf(ctx, userId),
        mails: (await listUserMails(ctx.db, userId)).map((mail) => ({
          template: mail.template,
          language: mail.language,
          status: mail.status,
          created_at: mail.createdAt.toISOString(),
          sent_at: mail.sentAt?.toISOString() ?? null,
        })),
        // The devices by their push service's host only: the endpoint is a capability, not data.
        push_devices: (await listSubscriptions(push, userId)).map((device) => ({
          push_service: new URL(device.subscription.endpoint).host,
          created_at: device.createdAt.toISOString(),
        })),
        pushes: (await listUserPushes(ctx.db, userId)).map((push) => ({
          kind: push.kind,
          language: push.language,
          status: push.status,
          devices: push.devices,
          created_at: push.createdAt.toISOString(),
          sent_at: push.sentAt?.toISOString() ?? null,
        })),
      }),
    }),
  ];
}

async function recipientOf(ctx: ServiceContext<NotificationsConfig>, userId: string) {
  const row = await findRecipient(ctx.db, userId);
  return row ? { email: row.email, first_name: row.firstName, language: row.language } : null;
}
