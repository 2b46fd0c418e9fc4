import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SunkMail = { to: string[]; subject: string; text: string; receivedAt: number };

/**
 * The product's outgoing mail server for the suite: accepts every mail on loopback and keeps it,
 * so that mails can be counted per recipient (a verification mail sent twice is a duplicate, one
 * never sent is lost) and the verification link read as a person would.
 */
export class SmtpSink {
  readonly mails: SunkMail[] = [];
  readonly #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeHeader(/^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? ''),
          text: unfoldBody(raw),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  to(address: string): SunkMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** `=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .replace(/\?=\s+=\?/g, '')
    .trim();
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The whole message with quoted-printable soft breaks and escapes undone (enough to find links). */
function unfoldBody(raw: string): string {
  return decodeQuotedPrintable(raw);
}
