import { describe, expect, it } from 'vitest';
import { afterPush, pushMessageFor, reminderChannel } from './reminders.ts';

describe('a reminder goes by one channel (docs/product.md#reminders)', () => {
  it('by push when the person has a device subscribed, else by e-mail', () => {
    expect(reminderChannel(0)).toBe('mail');
    expect(reminderChannel(1)).toBe('push');
    expect(reminderChannel(3)).toBe('push');
  });

  const delivered = { kind: 'delivered' } as const;
  const gone = { kind: 'gone' } as const;
  const failed = { kind: 'failed', status: 503 } as const;

  it('one device reached is enough: no e-mail as well', () => {
    expect(afterPush([gone, delivered, failed], false)).toBe('sent');
    expect(afterPush([delivered], true)).toBe('sent');
  });

  it('the e-mail goes instead when every device is gone, or none was left', () => {
    expect(afterPush([gone, gone], false)).toBe('mail');
    expect(afterPush([], false)).toBe('mail');
  });

  it('a push service that failed is tried again, and on the last try the e-mail goes instead', () => {
    expect(afterPush([failed, gone], false)).toBe('retry');
    expect(afterPush([failed], true)).toBe('mail');
  });

  it('the message is short, in the person language, and opens the plans', () => {
    expect(pushMessageFor('trial-ending', 'fr')).toEqual({
      title: 'Votre essai se termine dans 2 jours',
      body: 'Choisissez un abonnement pour poursuivre vos conversations.',
      url: '/pricing',
      tag: 'innerview-trial-ending',
    });
    for (const language of ['en', 'fr', 'de', 'it', 'es'] as const) {
      const { title, body } = pushMessageFor('trial-ending', language);
      expect(title.length + body.length).toBeLessThan(120);
    }
  });
});
