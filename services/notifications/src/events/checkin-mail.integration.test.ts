import { randomUUID } from 'node:crypto';
import type { EventData, EventType, LanguageCode } from '@innerview/contracts';
import { goalTitleAad, reflectionSummaryAad } from '@innerview/contracts/goals';
import { loadOrCreateEventPayloadKeys, sealPayload } from '@innerview/crypto';
import { createEvent, kitInbox, USER_ID_HEADER } from '@innerview/kit';
import { INTERNAL_EXPORT_PATH } from '@innerview/kit/internal';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import { useStarted } from '@innerview/kit/testing/use-started';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recipients, sentMail } from '../db/schema.ts';
import { eventually, testEventPayloadKey } from '../testing/helpers.ts';
import {
  type DistributedNotificationsHarness,
  startDistributedNotificationsHarness,
} from '../testing/notifications-harness.ts';

// docs/product.md#goals: a goal's check-in (chat.goal.checkin_due) becomes a mail in the person's
// language, to the address auth told the service at sign-up, on PostgreSQL, the Redis bus and SMTP.
const keys = loadOrCreateEventPayloadKeys({ value: testEventPayloadKey });
let h: DistributedNotificationsHarness;
useStarted(
  () => startDistributedNotificationsHarness(),
  (harness) => {
    h = harness;
  },
);

async function publish<T extends EventType>(type: T, data: EventData<T> & { userId: string }) {
  const event = createEvent(type, data.userId, data);
  await h.bus.publish([event]);
  return event;
}

async function registered(language: LanguageCode, email: string) {
  const userId = randomUUID();
  await publish('auth.user.registered', { userId, email, firstName: 'Sam', language });
  await eventually(
    async () => (await h.service.ctx.db.select().from(recipients).where(eq(recipients.userId, userId)))[0],
  );
  return userId;
}

function checkinDue(userId: string, title: string, language: LanguageCode = 'en') {
  const goalId = randomUUID();
  return publish('chat.goal.checkin_due', {
    userId,
    goalId,
    language,
    checkin: 'weekly',
    sealedTitle: sealPayload(keys, title, goalTitleAad(userId, goalId)),
  });
}

const expected: Record<LanguageCode, { subject: string; line: string }> = {
  en: {
    subject: 'How is your goal going?',
    line: 'Last week you wanted to work on “Run 5 km”. How did it go?',
  },
  fr: {
    subject: 'Où en est votre objectif ?',
    line: 'La semaine dernière, vous vouliez avancer sur « Run 5 km ».',
  },
  de: { subject: 'Wie läuft es mit deinem Ziel?', line: 'Letzte Woche wolltest du an «Run 5 km» arbeiten.' },
  it: {
    subject: 'Come va il tuo obiettivo?',
    line: 'La settimana scorsa volevi lavorare su «Run 5 km». Com’è andata?',
  },
  es: {
    subject: '¿Cómo va tu objetivo?',
    line: 'La semana pasada querías avanzar en «Run 5 km». ¿Cómo te fue?',
  },
};

describe('the check-in mail', () => {
  it.each(Object.keys(expected) as LanguageCode[])(
    'is sent once in the person’s language (%s)',
    async (language) => {
      const email = `checkin-${language}-${randomUUID().slice(0, 8)}@example.ch`;
      const userId = await registered(language, email);
      const event = await checkinDue(userId, 'Run 5 km');
      await h.bus.publish([event]); // redelivered: still one mail
      const mail = await eventually(() => h.smtp.received.find((m) => m.envelopeTo.includes(email)), 20_000);
      expect(mail.subject).toBe(expected[language].subject);
      expect(mail.text).toContain(expected[language].line);
      expect(mail.text).toContain('https://app.innerview.ch/chat');
      const rows = await eventually(async () => {
        const found = await h.service.ctx.db.select().from(sentMail).where(eq(sentMail.userId, userId));
        return found[0]?.status === 'sent' && found;
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ template: 'goal-checkin', language });
      expect(h.smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
    },
  );

  it('follows a change of language, and sends nothing once the account is deleted', async () => {
    const email = `checkin-lang-${randomUUID().slice(0, 8)}@example.ch`;
    const userId = await registered('en', email);
    await publish('auth.settings.changed', { userId, language: 'de', theme: 'dark' });
    await eventually(
      async () =>
        (await h.service.ctx.db.select().from(recipients).where(eq(recipients.userId, userId)))[0]
          ?.language === 'de',
    );
    await checkinDue(userId, 'Run 5 km');
    const mail = await eventually(() => h.smtp.received.find((m) => m.envelopeTo.includes(email)), 20_000);
    expect(mail.subject).toBe(expected.de.subject);

    // Where reminders go is in the person's data export.
    const exported = await signedFetch(
      { current: testSigningKey },
      `${h.service.url}${INTERNAL_EXPORT_PATH}`,
      {
        headers: { [USER_ID_HEADER]: userId },
        caller: 'auth',
      },
    );
    expect((await exported.json()).recipient).toEqual({ email, first_name: 'Sam', language: 'de' });

    await publish('auth.user.deleted', { userId, eraseAfter: new Date().toISOString() });
    await eventually(
      async () =>
        (await h.service.ctx.db.select().from(recipients).where(eq(recipients.userId, userId))).length === 0,
    );
    const later = await checkinDue(userId, 'Read more');
    // The event is handled (its inbox row) and no second mail is queued.
    await eventually(async () => {
      const rows = await h.service.ctx.db.select().from(kitInbox).where(eq(kitInbox.eventId, later.id));
      return rows.length > 0;
    });
    expect((await h.service.ctx.db.select().from(sentMail).where(eq(sentMail.userId, userId))).length).toBe(
      1,
    );
  });
});

describe('the weekly reflection mail', () => {
  const summary = {
    conversations: 3,
    messages: 9,
    themes: ['work', 'health'],
    goals: [{ title: 'Sleep by eleven', status: 'active', notes: 2 }],
  };
  const lines: Record<'en' | 'it', string[]> = {
    en: [
      'This week you had 3 conversations with your coach.',
      'What came up most: work, health.',
      '• Sleep by eleven (active, 2 progress notes this week)',
    ],
    it: [
      'Questa settimana hai avuto 3 chat con il tuo coach.',
      'Ciò che è tornato più spesso: il lavoro, la salute.',
      '• Sleep by eleven (attivo, 2 note sui progressi questa settimana)',
    ],
  };
  it.each(['en', 'it'] as const)('tells the week’s themes and goals (%s)', async (language) => {
    const email = `reflection-${language}-${randomUUID().slice(0, 8)}@example.ch`;
    const userId = await registered(language, email);
    await publish('chat.reflection.weekly_due', {
      userId,
      language,
      sealedSummary: sealPayload(keys, JSON.stringify(summary), reflectionSummaryAad(userId)),
    });
    const mail = await eventually(() => h.smtp.received.find((m) => m.envelopeTo.includes(email)), 20_000);
    expect(mail.subject).toBe(
      language === 'en' ? 'Your week with Innerview' : 'La tua settimana con Innerview',
    );
    for (const line of lines[language]) expect(mail.text).toContain(line);
  });
});
