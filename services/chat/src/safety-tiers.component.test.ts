import { randomUUID } from 'node:crypto';
import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { listSafetyReferrals } from './db/safety-referrals.ts';
import { assessMessage } from './domain/safety/assess.ts';
import { checkInLine } from './domain/safety/crisis-reply.ts';
import { everydayCheck } from './domain/safety/everyday-check.ts';
import { neutralTitle } from './domain/titles.ts';
import { type ChatHarness, useChatHarness } from './testing/chat-harness.ts';
import { readSse, replyText } from './testing/sse-client.ts';

// The three tiers through the whole service with the offline coach (embedded mode, no model): an
// acute and a possible message in every language get the care reply, never their own words back;
// the next message is answered with a check-in and then ordinary coaching; every care reply is
// counted by day, tier and language, with no user and no text.
let h: ChatHarness;
useChatHarness(
  (harness) => {
    h = harness;
  },
  {},
  180_000,
);

/** Written for this test (not from any corpus): indirect, as people write. */
const messages: Record<LanguageCode, { acute: string; possible: string; calm: string }> = {
  en: {
    acute: 'took all the sleeping pills from the drawer half an hour ago. just wanted someone to know',
    possible: "I'm so tired. Some nights I think it would be easier to just disappear.",
    calm: 'Thanks. Could we look at how I plan my mornings?',
  },
  fr: {
    acute:
      "j'ai avalé toute la boîte de somnifères il y a une demi-heure, je voulais juste que quelqu'un le sache",
    possible: "Parfois je me dis que ce serait plus simple si je n'étais plus là.",
    calm: "Merci. J'aimerais parler de ma routine du matin.",
  },
  de: {
    acute:
      'hab vor einer halben Stunde alle Schlaftabletten aus der Schublade genommen. wollte nur, dass es jemand weiss',
    possible: 'Manchmal denke ich, es wäre für alle einfacher, wenn ich einfach nicht mehr da wäre.',
    calm: 'Danke. Können wir anschauen, wie ich meine Morgen plane?',
  },
  it: {
    acute: "ho preso tutte le pastiglie per dormire mezz'ora fa. volevo solo che qualcuno lo sapesse",
    possible: 'A volte penso che sarebbe più semplice per tutti se io non ci fossi più.',
    calm: 'Grazie. Possiamo guardare come organizzo le mie mattine?',
  },
  es: {
    acute: 'me tomé todas las pastillas para dormir hace media hora. solo quería que alguien lo supiera',
    possible: 'A veces pienso que sería más fácil para todos si yo ya no estuviera.',
    calm: 'Gracias. ¿Podemos mirar cómo organizo mis mañanas?',
  },
};

/** Any run of four words of the message, found in the reply, is an echo. */
function echoes(reply: string, message: string): string[] {
  const words = message.toLowerCase().split(/\s+/);
  const folded = reply.toLowerCase();
  const runs: string[] = [];
  for (let i = 0; i + 4 <= words.length; i++) {
    const run = words.slice(i, i + 4).join(' ');
    if (folded.includes(run)) runs.push(run);
  }
  return runs;
}

async function say(userId: string, message: string, sessionId: string | null, language: LanguageCode) {
  const response = await h.call(
    'POST',
    '/api/v1/chat/stream',
    { message, session_id: sessionId, language },
    { userId },
  );
  expect(response.status).toBe(200);
  const events = await readSse(response);
  expect(events.at(-1)?.data).toBe('[DONE]');
  return { text: replyText(events), sessionId: JSON.parse(events[0]!.data).session_id as string };
}

describe('the three tiers with the offline coach', () => {
  it.each(languageCodes)('sorts the test messages into their tiers in %s', (language) => {
    expect(assessMessage(messages[language].acute, language).tier).toBe('acute');
    expect(assessMessage(messages[language].possible, language).tier).toBe('possible');
    expect(assessMessage(messages[language].calm, language).tier).toBe('none');
  });

  it.each(languageCodes)(
    'gives the care reply in %s without echoing the message, then checks in, then coaches',
    async (language) => {
      const userId = randomUUID();
      await h.subscribe(userId, 'monthly');
      for (const tier of ['acute', 'possible'] as const) {
        const message = messages[language][tier];
        const care = await say(userId, message, null, language);
        expect(care.text).toContain('**143**');
        expect(care.text).toContain('**144**');
        expect(care.text).toContain('**112**');
        expect(care.text.includes('**117**')).toBe(tier === 'acute');
        expect(echoes(care.text, message)).toEqual([]);
        // Its chat gets a neutral title with the day, never "New chat" nor the message's words.
        const listed = await h.call('GET', '/api/v1/chat-sessions/', undefined, { userId });
        const sessions = (await listed.json()) as Array<{ id: string; session_title: string }>;
        const title = sessions.find((s) => s.id === care.sessionId)?.session_title;
        expect(title).toBe(neutralTitle(language, h.clock.now()));
        expect(echoes(title!, message)).toEqual([]);

        // The conversation stays open: the next message is answered, starting with a check-in.
        const next = await say(userId, messages[language].calm, care.sessionId, language);
        expect(next.text.startsWith(checkInLine(language))).toBe(true);
        expect(next.text).not.toBe(checkInLine(language));
        expect(echoes(next.text, message)).toEqual([]);

        // And the one after is ordinary coaching again, with no check-in.
        const later = await say(userId, messages[language].calm, care.sessionId, language);
        expect(later.text).not.toContain(checkInLine(language));
        expect(later.text).not.toContain('**143**');
      }
    },
  );

  it.each(languageCodes)(
    'answers greetings and short ordinary messages with coaching, never a care reply, in %s',
    async (language) => {
      const userId = randomUUID();
      await h.subscribe(userId, 'monthly');
      // "Hello, are you there?" and "Tell me a long story" (in the language) got care replies once.
      let sessionId: string | null = null;
      for (const text of everydayCheck[language].slice(0, 6)) {
        const reply = await say(userId, text, sessionId, language);
        expect(reply.text).not.toContain('**143**');
        expect(reply.text).not.toContain(checkInLine(language));
        sessionId = reply.sessionId;
      }
    },
  );

  it('counts each care reply by day, tier and language, with no user and no text', async () => {
    await h.settle();
    const day = h.clock.now().toISOString().slice(0, 10);
    const rows = await listSafetyReferrals(h.chat.service.db, day, day);
    for (const language of languageCodes)
      for (const tier of ['acute', 'possible'] as const)
        expect(rows.find((r) => r.language === language && r.tier === tier)?.count).toBeGreaterThanOrEqual(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['count', 'day', 'language', 'tier']);
  });
});
