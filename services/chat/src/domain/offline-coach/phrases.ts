import type { LanguageCode, QuestionKey } from '@innerview/contracts';
import { reflectionThemes } from '@innerview/contracts/goals';
import { de } from './languages/de.ts';
import { en } from './languages/en.ts';
import { es } from './languages/es.ts';
import { fr } from './languages/fr.ts';
import { it } from './languages/it.ts';

/** Feelings the coach can name, each only when the person's own words say it (a lexicon per language). */
export const feelings = [
  'fear',
  'sadness',
  'anger',
  'pressure',
  'tiredness',
  'loneliness',
  'confusion',
  'shame',
  'joy',
  'pride',
  'relief',
] as const;
export type Feeling = (typeof feelings)[number];
export const pleasantFeelings: ReadonlySet<Feeling> = new Set(['joy', 'pride', 'relief']);

/**
 * What a conversation is about, recognised by words; each has its own small suggestions. They are
 * also the weekly reflection's themes (`actions/reflections.ts`), hence one list in the contracts.
 */
export const topics = reflectionThemes;
export type Topic = (typeof topics)[number];

export interface TopicPhrases {
  /** Words (folded: lower case, no accents) that show the topic. */
  words: RegExp;
  /** The topic as a singular noun phrase, subject of a sentence ("your work", "deine Arbeit"). */
  phrase: string;
  /** Small concrete steps for this topic, statements only (never a question). */
  suggestions: string[];
}

/**
 * Every text the offline coach writes in one language. Templates: `{p}` the person's own words,
 * `{x}` a topic phrase, `{e}` feeling nouns, `{t}` a questionnaire step, `{a}` part of an answer,
 * `{n}` file names. No text but a question ends with a question mark: a reply asks exactly one.
 */
export interface CoachPhrases {
  /** The first line of a session's first reply (the offline-coach notice is in the chat's header). */
  greetings: string[];
  questionnaireThanks: string[];
  /** Reflections that quote a whole short phrase of the message (`{p}`). */
  quoteReflections: string[];
  /** Reflections that name what the message is about (`{x}`), no quotation. */
  topicReflections: string[];
  /** Reflections without quoting or naming anything. */
  acknowledgements: string[];
  /** After a short answer ("yes", "ok", "not sure"). */
  shortAnswers: string[];
  /** When the person asks a question that is not a request for ideas. */
  questionBack: string[];
  /** Said instead of a reflection when the message holds heavy words: never quoted back (docs/safety.md). */
  heardWithoutQuote: string;
  /** `{e}`: one or two feeling nouns. */
  feelingLines: string[];
  feelingNouns: Record<Feeling, string>;
  /** The word joining two feeling nouns. */
  and: string;
  /** Words (folded) that show each feeling. */
  feelingWords: Record<Feeling, RegExp>;
  /** A word (folded) that, among the three before a feeling word, negates it ("not sad"). */
  negation: RegExp;
  /** Asking for ideas, tips or advice ("give me ideas", "what should I do"). */
  ideaRequest: RegExp;
  /** Asking whether to do something ("should I quit"). */
  decisionRequest: RegExp;
  /** Asking for exactly two ideas. */
  twoIdeas: RegExp;
  ideaLeads: string[];
  decisionLeads: string[];
  topics: Record<Topic, TopicPhrases>;
  decisionSuggestions: string[];
  generalSuggestions: string[];
  /** `{t}`: the questionnaire step, `{a}`: a whole short phrase of the answer. */
  questionnaireQuotes: string[];
  /** `{t}`: the questionnaire step, when no short phrase of the answer can be quoted whole. */
  questionnaireMentions: string[];
  steps: Record<QuestionKey, string>;
  questions: {
    opening: string[];
    /** GROW: goal, reality, options, will (the way forward). */
    goal: string[];
    reality: string[];
    options: string[];
    will: string[];
    feeling: string[];
    pleasant: string[];
    questionnaire: string[];
    afterIdeas: string[];
    attachment: string[];
  };
  /** Words that join two clauses: a long clause is quoted only up to or from one of them. */
  conjunctions: RegExp;
  /** `{n}`: the documents' names (quoted), `{p}`: a whole short phrase of the first one. */
  attachmentRead: string;
  /** `{n}`: the documents' names, when no phrase of them can be quoted whole. */
  attachmentReadNoPassage: string;
  /** The files service could not be asked (down, slow, not configured). */
  attachmentUnreadable: string;
  /** `{n}`: names of documents without text (a scanned PDF). */
  attachmentEmpty: string;
  /** `{n}`: names of images this coach cannot see. */
  imagesUnseen: string;
  /** Opening and closing quotation marks around a file's name or the person's words. */
  quotes: [string, string];
  /** Words too common to link a message to a questionnaire answer. */
  stopwords: Set<string>;
}

export const phrases: Record<LanguageCode, CoachPhrases> = { en, fr, de, it, es };
