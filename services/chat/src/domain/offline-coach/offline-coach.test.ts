import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { QUESTIONNAIRE_MESSAGE_PREAMBLE } from '@innerview/contracts/chat';
import { describe, expect, it } from 'vitest';
import { noAttachmentSummary } from '../coach-context.ts';
import { keyPhrase, offlineCoachReply } from './offline-coach.ts';
import { phrases } from './phrases.ts';

const earlier = [
  { role: 'user' as const, content: 'Hello' },
  { role: 'assistant' as const, content: 'Hello, what would you like to explore?' },
];

const messages: Record<LanguageCode, string> = {
  en: "My manager keeps giving me more work and I'm exhausted. I don't know how to say no.",
  fr: "Je me sens seule depuis que j'ai déménagé à Genève, et le travail me stresse beaucoup.",
  de: 'Ich bin total erschöpft, weil mein Chef mir immer mehr Arbeit gibt.',
  it: 'Oggi sono triste perché ho litigato con mia madre per le vacanze.',
  es: 'Estoy muy orgullosa de haber terminado mi primer maratón.',
};

const questionMarks = (text: string) => (text.match(/\?/g) ?? []).length;

describe('the offline coach', () => {
  it.each(languageCodes)(
    'answers in %s with a short greeting, the person’s own words, the feeling they name and one open question',
    (language) => {
      const reply = offlineCoachReply({
        language,
        message: messages[language],
        history: [],
        answers: [],
        attachments: [],
        attachmentSummary: noAttachmentSummary,
      });
      expect(questionMarks(reply)).toBe(1);
      expect(reply.trim().endsWith('?')).toBe(true);
      const t = phrases[language];
      // The question is one of this language's questions.
      const all = Object.values(t.questions).flat();
      expect(all.some((q) => reply.endsWith(q))).toBe(true);
      // A greeting of one short sentence opens the session's first reply, no self-introduction.
      expect(t.greetings.some((greeting) => reply.startsWith(`${greeting}\n\n`))).toBe(true);
      // The key phrase comes back whole, in the person's own words.
      const phrase = keyPhrase(messages[language], language);
      expect(phrase).not.toBeNull();
      expect(reply).toContain(`${t.quotes[0]}${phrase}${t.quotes[1]}`);
      // The feeling the words name is named in the same language.
      expect(Object.values(t.feelingNouns).some((noun) => reply.includes(noun))).toBe(true);
    },
  );

  it('is deterministic, greets only in a session’s first reply and never introduces itself at length', () => {
    const input = {
      language: 'en' as const,
      message: 'I feel lost about my studies',
      history: [],
      answers: [],
      attachments: [],
      attachmentSummary: noAttachmentSummary,
    };
    const first = offlineCoachReply(input);
    expect(first).toBe(offlineCoachReply(input));
    expect(phrases.en.greetings.some((greeting) => first.startsWith(greeting))).toBe(true);
    const later = offlineCoachReply({ ...input, history: earlier });
    expect(phrases.en.greetings.some((greeting) => later.includes(greeting))).toBe(false);
    // The offline-coach notice is in the chat's header, not in the replies.
    for (const reply of [first, later]) expect(reply).not.toContain('offline coach');
  });

  it('draws on a questionnaire answer that shares the topic, and not on unrelated ones', () => {
    const answers = [
      { questionKey: 'question_2' as const, answerText: 'I grew up in a small village in the mountains.' },
      {
        questionKey: 'question_7' as const,
        answerText: 'I dream of opening a bakery with my sister one day.',
      },
    ];
    const related = offlineCoachReply({
      language: 'en',
      message: 'I keep thinking about the bakery idea but I am scared of the money side',
      history: earlier,
      answers,
      attachments: [],
      attachmentSummary: noAttachmentSummary,
    });
    expect(related).toContain('*Dreams and plans for tomorrow*');
    // A whole phrase of the answer, never cut.
    expect(related).toContain('“I dream of opening a bakery with my sister one day”');
    expect(questionMarks(related)).toBe(1);
    const unrelated = offlineCoachReply({
      language: 'en',
      message: 'My laptop broke and I lost my presentation',
      history: earlier,
      answers,
      attachments: [],
      attachmentSummary: noAttachmentSummary,
    });
    expect(unrelated).not.toContain('questionnaire');
  });

  it('welcomes the questionnaire message with one of the answers and an opening question', () => {
    const reply = offlineCoachReply({
      language: 'fr',
      message: `${QUESTIONNAIRE_MESSAGE_PREAMBLE}\nMoi aujourd'hui : infirmière à Lausanne.`,
      history: [],
      answers: [{ questionKey: 'question_1', answerText: 'Infirmière à Lausanne, deux enfants.' }],
      attachments: [],
      attachmentSummary: noAttachmentSummary,
    });
    expect(phrases.fr.questionnaireThanks.some((thanks) => reply.includes(thanks))).toBe(true);
    expect(reply).toContain("*Moi aujourd'hui*");
    expect(reply).toContain('«\u00a0Infirmière à Lausanne\u00a0»');
    expect(phrases.fr.questions.opening.some((q) => reply.endsWith(q))).toBe(true);
  });

  it('says it cannot read attached files, answers a request for advice with ideas, and asks one question', () => {
    const reply = offlineCoachReply({
      language: 'en',
      message: 'What should I do? Should I quit? Or should I stay?',
      history: earlier,
      answers: [],
      attachments: [],
      attachmentSummary: { ...noAttachmentSummary, unreadable: true },
    });
    expect(reply).toContain(phrases.en.attachmentUnreadable);
    expect(reply.split('\n').filter((line) => /^\d\. /.test(line)).length).toBeGreaterThanOrEqual(2);
    expect(questionMarks(reply)).toBe(1);
  });

  it('does not repeat the question it asked last', () => {
    const input = {
      language: 'en' as const,
      message: 'I am tired of my commute every single day',
      answers: [],
      attachments: [],
      attachmentSummary: noAttachmentSummary,
    };
    const first = offlineCoachReply({ ...input, history: earlier });
    const question = first.split('\n\n').at(-1)!;
    const second = offlineCoachReply({
      ...input,
      history: [...earlier, { role: 'user', content: input.message }, { role: 'assistant', content: first }],
    });
    expect(second.split('\n\n').at(-1)).not.toBe(question);
  });
});

describe('offline coach and attached files', () => {
  const cv = {
    name: 'career-notes.pdf',
    text: 'Ten years in nursing. I feel exhausted by night shifts and want to work with children.',
  };

  it('names the document it read and quotes a passage of it, asking one question', () => {
    const reply = offlineCoachReply({
      language: 'en',
      message: 'Files attached',
      history: [],
      answers: [],
      attachments: [cv],
      attachmentSummary: noAttachmentSummary,
    });
    expect(reply).toContain('I’ve read “career-notes.pdf”.');
    expect(reply).toContain('I feel exhausted by night shifts');
    // The label of a files-only message is not reflected back as the person's words.
    expect(reply).not.toContain('Files attached');
    expect(phrases.en.questions.attachment.some((q) => reply.endsWith(q))).toBe(true);
    expect(questionMarks(reply)).toBe(1);
  });

  it('says in Italian that it cannot see images, and names them', () => {
    const reply = offlineCoachReply({
      language: 'it',
      message: 'Ecco la foto del mio ufficio e il mio curriculum, cosa ne pensi di questo cambiamento?',
      history: earlier,
      answers: [],
      attachments: [cv],
      attachmentSummary: { ...noAttachmentSummary, images: [{ name: 'ufficio.png' }] },
    });
    expect(reply).toContain('Ho letto «career-notes.pdf».');
    expect(reply).toContain('Non posso vedere le immagini');
    expect(reply).toContain('«ufficio.png»');
    expect(questionMarks(reply)).toBe(1);
  });

  it('says a document without text holds none, and that files it could not read were not read', () => {
    const empty = offlineCoachReply({
      language: 'fr',
      message: 'Fichiers joints',
      history: earlier,
      answers: [],
      attachments: [],
      attachmentSummary: { ...noAttachmentSummary, empty: ['scan.pdf'] },
    });
    expect(empty).toContain('Je n’ai trouvé aucun texte lisible dans «\u00a0scan.pdf\u00a0».');
    const down = offlineCoachReply({
      language: 'de',
      message: 'Dateien angehängt',
      history: earlier,
      answers: [],
      attachments: [],
      attachmentSummary: { ...noAttachmentSummary, unreadable: true },
    });
    expect(down).toContain(phrases.de.attachmentUnreadable);
  });
});
