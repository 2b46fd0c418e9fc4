/**
 * The mail port. Adapters: `file` (embedded: each mail becomes a JSON file the dev mailbox reads)
 * and `smtp` (distributed: nodemailer over SMTP_URL). Both build the message with nodemailer.
 * No readiness probe on purpose: mails go out asynchronously with retries, so an SMTP outage delays
 * them but does not make the service unready.
 */
export interface MailTransport {
  readonly kind: 'file' | 'smtp';
  /** Delivers one mail or throws (the send-mail job retries). */
  send(mail: OutgoingMail): Promise<{ sentAt: string }>;
  close(): void;
}

export interface OutgoingMail {
  /** The mail id (also the `sent_mail` row id); never the address, so it can be logged. */
  id: string;
  /** `Innerview <hello@innerview.ch>` */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** One mail as the file transport writes it and the dev mailbox serves it. */
export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/**
 * A failure that names no address: the SMTP reply code and nodemailer's error code only, because a
 * server's reply text often quotes the recipient.
 */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  constructor(code: string | undefined, responseCode: number | undefined) {
    super(`mail delivery failed (${code ?? 'unknown'}${responseCode ? ` ${responseCode}` : ''})`);
    this.code = code;
    this.responseCode = responseCode;
  }

  static from(error: unknown): MailDeliveryError {
    if (error instanceof MailDeliveryError) return error;
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    return new MailDeliveryError(
      typeof code === 'string' ? code : undefined,
      typeof responseCode === 'number' ? responseCode : undefined,
    );
  }
}

/** The nodemailer message for a mail; the header lets an operator match a bounce to `sent_mail`. */
export function toNodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'X-Innerview-Mail-Id': mail.id },
  };
}
