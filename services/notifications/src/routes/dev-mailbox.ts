import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { z } from 'zod';
import { readMailById, readMailbox, storedMailSchema } from '../adapters/mail/mailbox.ts';
import { devPageHeaders, renderMailboxPage, storedMailHeaders } from '../domain/mailbox-page.ts';

const mailboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  to: z.string().max(320).optional(),
});

/**
 * The dev mailbox of embedded mode (mounted only there, see `routes/index.ts`). Public like the rest
 * of a local development run; the gateway forwards `/dev/*` here in embedded mode only.
 */
export function devMailboxRoutes(mailDir: string): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/dev/mail',
      summary: 'Mails written in embedded mode, newest first (development only)',
      tags: ['dev'],
      auth: 'none',
      query: mailboxQuery,
      responses: { 200: { description: 'The mails', schema: z.array(storedMailSchema) } },
      handler: async ({ query, res }) => {
        res.setHeader('Cache-Control', 'no-store');
        return readMailbox(mailDir, query);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/dev/mailbox',
      summary: 'The dev mailbox page (development only)',
      tags: ['dev'],
      auth: 'none',
      query: mailboxQuery,
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: async ({ query, res }) => {
        const page = renderMailboxPage(await readMailbox(mailDir, query));
        res.set(devPageHeaders).type('html').send(page);
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/dev/mailbox/:id',
      summary: 'The HTML part of one mail, sandboxed (development only)',
      tags: ['dev'],
      auth: 'none',
      params: z.object({ id: z.uuid() }),
      responses: { 200: { description: 'HTML part', contentType: 'text/html' } },
      handler: async ({ params, res }) => {
        const mail = await readMailById(mailDir, params.id);
        if (!mail) throw new HttpError(404);
        res.set(storedMailHeaders).type('html').send(mail.html);
        return undefined;
      },
    }),
  ];
}
