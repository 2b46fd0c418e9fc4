import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '../../domain/compose-mail.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';
import { createSmtpTransport } from './smtp-transport.ts';

describe('the smtp transport against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.close());

  it('delivers both parts, the subject in the reader’s language and the link, readable back', async () => {
    const mail = composeMail(
      {
        template: 'verification',
        language: 'de',
        firstName: 'Zoë <Admin>',
        token: 'tok_123',
        requestedAt: '2026-11-21T10:00:00.000Z',
        expiresAt: '2026-11-22T10:00:00.000Z',
      },
      { appUrl: 'https://app.innerview.ch', supportEmail: 'support@innerview.ch' },
    );
    const transport = createSmtpTransport({ url: smtp.url });
    await transport.send({
      id: '0193a5c2-7d4e-7000-8000-0000000000a1',
      from: 'Innerview <hello@innerview.ch>',
      to: 'zoe@example.ch',
      ...mail,
    });
    transport.close();

    const [received] = smtp.received;
    expect(received?.envelopeTo).toEqual(['zoe@example.ch']);
    expect(received?.subject).toBe('Willkommen bei Innerview – bitte bestätige deine E-Mail-Adresse');
    expect(received?.headers.get('from')).toBe('Innerview <hello@innerview.ch>');
    expect(received?.headers.get('x-innerview-mail-id')).toBe('0193a5c2-7d4e-7000-8000-0000000000a1');
    expect(received?.text).toContain('Hallo Zoë <Admin>');
    expect(received?.text).toContain('https://app.innerview.ch/auth/verification-success?token=tok_123');
    expect(received?.html).toContain('Hallo Zoë &lt;Admin&gt;');
    expect(received?.html).toContain(
      'href="https://app.innerview.ch/auth/verification-success?token=tok_123"',
    );
  });

  it('reports a refused message with its SMTP code and without the server’s text', async () => {
    smtp.refuseNext(1);
    const transport = createSmtpTransport({ url: smtp.url });
    const sending = transport.send({
      id: '0193a5c2-7d4e-7000-8000-0000000000a2',
      from: 'Innerview <hello@innerview.ch>',
      to: 'zoe@example.ch',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      links: [],
    });
    await expect(sending).rejects.toMatchObject({ name: 'MailDeliveryError', responseCode: 451 });
    await expect(sending).rejects.not.toThrow(/zoe|try again/);
    transport.close();
  });
});
