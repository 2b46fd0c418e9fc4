import { mailDir, mailTransportKind, type NotificationsConfig } from '../../config.ts';
import { createFileTransport } from './file-transport.ts';
import type { MailTransport } from './mail-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** The transport the configuration asks for (config validation guarantees SMTP_URL for smtp). */
export function createMailTransport(config: NotificationsConfig): MailTransport {
  if (mailTransportKind(config) === 'smtp') return createSmtpTransport({ url: config.SMTP_URL! });
  return createFileTransport({ dir: mailDir(config) });
}
