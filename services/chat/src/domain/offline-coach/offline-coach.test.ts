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
    'answers in %s with one open question, reflecting the person’s words',
    (language) => {
      const reply = offlineCoachReply({
        language,
        message: messages[language],
        history: earlier,
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
      // The key phrase comes back in the person's own words.
      expect(reply).toContain(keyPhrase(messages[language], language));
      // The feeling in the words is named in the same language.
      expect(Object.values(t.emotionNouns).some((noun) => reply.includes(noun))).toBe(true);
      expect(reply).not.toContain(t.intro);
    },
  );

  it('is deterministic and says once per session that it is the offline coach', () => {
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
    expect(first.startsWith(phrases.en.intro)).toBe(true);
    expect(offlineCoachReply({ ...input, history: earlier })).not.toContain('offline coach');
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
    expect(related).toContain('In your questionnaire, about “Dreams and plans for tomorrow”, you wrote:');
    expect(related).toContain('I dream of opening a bakery');
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
    expect(reply).toContain(phrases.fr.intro);
    expect(reply).toContain('Merci de partager un peu de vous.');
    expect(reply).toContain("« Moi aujourd'hui »");
    expect(phrases.fr.questions.opening.some((q) => reply.endsWith(q))).toBe(true);
  });

  it('says it cannot read attached files, and never asks two questions when the person did', () => {
    const reply = offlineCoachReply({
      language: 'en',
      message: 'What should I do? Should I quit? Or should I stay?',
      history: earlier,
      answers: [],
      attachments: [],
      attachmentSummary: { ...noAttachmentSummary, unreadable: true },
    });
    expect(reply).toContain(phrases.en.attachmentUnreadable);
    expect(reply).toContain(phrases.en.advice);
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
    expect(reply).toContain(phrases.en.questions.attachment[0]!);
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
    expect(empty).toContain('Je n’ai trouvé aucun texte lisible dans « scan.pdf ».');
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
