import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import {
  MailDeliveryError,
  type MailTransport,
  type StoredMail,
  toNodemailerMessage,
} from './mail-transport.ts';

/**
 * Embedded mode: each mail is written to `<dir>/<sentAt>-<id>.json` for the dev mailbox. nodemailer
 * still builds the message (JSON transport), so an address SMTP would refuse is refused here too.
 * The time in the name has `:` replaced by `-` (a portable file name); names sort by time.
 */
export function createFileTransport(options: { dir: string; now?: () => Date }): MailTransport {
  const composer = nodemailer.createTransport({ jsonTransport: true });
  const now = options.now ?? (() => new Date());
  return {
    kind: 'file',
    async send(mail) {
      const info = await composer.sendMail(toNodemailerMessage(mail));
      if (info.envelope.to.length !== 1) throw new MailDeliveryError('EENVELOPE', undefined);
      const sentAt = now().toISOString();
      const stored: StoredMail = {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: mail.links,
        sentAt,
      };
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const file = path.join(options.dir, `${sentAt.replace(/:/g, '-')}-${mail.id}.json`);
      // Written aside, then renamed: the mailbox never reads half a file.
      await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return { sentAt };
    },
    close() {},
  };
}
