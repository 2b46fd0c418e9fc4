import nodemailer from 'nodemailer';
import { MailDeliveryError, type MailTransport, toNodemailerMessage } from './mail-transport.ts';

/**
 * Distributed mode: nodemailer over SMTP (`smtp://mailpit:1025`, `smtps://user:pass@host:465`).
 * Bounded time-outs, so a hung server fails the job (which retries) instead of holding it forever.
 */
export function createSmtpTransport(options: { url: string; now?: () => Date }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const now = options.now ?? (() => new Date());
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail(toNodemailerMessage(mail));
      } catch (error) {
        throw MailDeliveryError.from(error);
      }
      return { sentAt: now().toISOString() };
    },
    close() {
      transporter.close();
    },
  };
}
