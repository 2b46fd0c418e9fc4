// The training of the safety detector's learned part, as a function (`safety-train.ts` runs it
// and writes the model): trains on the training writers' corpus (domain/safety/corpus/train-*)
// and the calm everyday examples, chooses each language's thresholds on predictions for one
// writer's messages by a model trained on the other writers only. Never reads the evaluation set.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { noisyCopy } from './domain/safety/learned/augment.ts';
import { coachingFrameMessages } from './domain/safety/learned/coaching-frames.ts';
import { everydayTrainingMessages } from './domain/safety/learned/everyday-messages.ts';
import { FEATURE_BITS, featuresOf } from './domain/safety/learned/features.ts';
import { type LinearModel, probabilities } from './domain/safety/learned/model.ts';
import { sentenceWindows } from './domain/safety/learned/sentences.ts';
import { decidingScore, isShortCuedMessage } from './domain/safety/learned/short-messages.ts';
import { crisisScoreOf, messageLanguage, ruleView } from './domain/safety/learned/signals.ts';
import { chooseThresholds, rates, type Scored } from './domain/safety/learned/thresholds.ts';
import {
  defaultTrainOptions,
  type Example,
  seededRandom,
  type TrainOptions,
  trainLinear,
} from './domain/safety/learned/train.ts';
import { type CorpusLine, readTraining, trainingOnlyWriters } from './safety-corpus.ts';

/** The false-alarm budget per language on validation (the goal is at most 5 % on new writers). */
export const MAX_VALIDATION_FALSE_ALARMS = 0.05;

export interface TrainingSettings {
  options: TrainOptions;
  augmentedCopies: number;
  /** Also score each message's parts (`sentenceWindows`, ADR 89); a variant, validation only. */
  scoreParts?: boolean;
  /** Also decide with these rule-hit factors (`crisisScoreOf`, ADR 90); validation only. */
  ruleFactors?: number[];
}

export const defaultTrainingSettings: TrainingSettings = { options: defaultTrainOptions, augmentedCopies: 1 };

export interface ValidationFigure {
  language: LanguageCode;
  lines: number;
  recall: number;
  falseAlarms: number;
  /** Recall on validation without the short-message rule, at the same thresholds. */
  recallWithoutShortMessageRule: number;
  crisis: number;
  acute: number;
}

export interface TrainedSafetyModel {
  model: LinearModel;
  validation: ValidationFigure[];
  /** The short cued messages of validation: their bar and how many of them were crises and calm. */
  shortCued: ShortCuedFigure;
  /** Lines per writer and language (after dropping duplicates). */
  lines: Record<string, Record<LanguageCode, number>>;
  calmExamples: { coachingFrames: number; everyday: number };
}

/** The training data, built the same way in every thread (seeded: the noisy copies are equal). */
interface Prepared {
  lines: CorpusLine[];
  examples: Example[][];
  calmExamples: Example[];
  writers: string[];
  calmCounts: { coachingFrames: number; everyday: number };
}

function bucketsOf(settings: TrainingSettings): number {
  return 2 ** (settings.options.featureBits ?? FEATURE_BITS);
}

/**
 * A text's features under `settings`; with `languageWords`, read in its language as the product
 * would (`lang`, the corpus's label, stands for the person's language).
 */
function featuresUnder(
  settings: TrainingSettings,
  text: string,
  lang: LanguageCode,
  buckets: number,
  rules = ruleView(text),
) {
  const language = settings.options.languageWords ? messageLanguage(text, rules, lang) : undefined;
  return featuresOf(text, rules.signals, buckets, { ...settings.options, language });
}

function prepare(settings: TrainingSettings): Prepared {
  const seen = new Set<string>();
  const lines = readTraining().filter((line) => {
    const key = `${line.lang}|${line.text.toLowerCase().replace(/\s+/g, ' ').trim()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const random = seededRandom(settings.options.seed);
  const examplesOf = (line: Pick<CorpusLine, 'text' | 'tier' | 'lang'>): Example[] => {
    const texts = [line.text];
    for (let i = 0; i < settings.augmentedCopies; i++) texts.push(noisyCopy(line.text, random));
    return texts.map((text) => ({
      features: featuresUnder(settings, text, line.lang, bucketsOf(settings)),
      tier: line.tier,
    }));
  };
  const examples = lines.map(examplesOf);
  // Plain coaching talk and short everyday messages (calm): in every model's training, never a
  // validation fold (templated or very short, scoring them would say little about a new writer).
  const frames = coachingFrameMessages();
  const everyday = everydayTrainingMessages();
  const calmExamples = [...frames, ...everyday].flatMap((m) =>
    examplesOf({ text: m.text, tier: 'none', lang: m.lang }),
  );
  return {
    lines,
    examples,
    calmExamples,
    writers: [...new Set(lines.map((l) => l.writer))],
    calmCounts: { coachingFrames: frames.length, everyday: everyday.length },
  };
}

/** One validation message: its language and its scores, as the product decides and bare. */
export interface FoldScore {
  language: LanguageCode;
  /** As the product decides, before the short cued bar (`validationFigures` applies it). */
  decided: Scored;
  bare: Scored;
  /** Under six words, a risk cue, no rule hit: its score meets the short cued bar too (ADR 97). */
  shortCued: boolean;
  /**
   * With `scoreParts`: the crisis score of each part of the message (none when it is one part;
   * a message of two parts has at least twelve words, so the short-message rules never apply).
   */
  parts?: number[];
  /** With `ruleFactors`: the deciding score under each of them, in their order (ADR 90). */
  byRuleFactor?: number[];
}

/**
 * Each of `writers`' messages scored by a model trained on the other writers only, the way the
 * evaluation set (another writer still) will be met. Scored as the product decides (on a short
 * message the score is not taken alone), and beside it the bare score, to show what the rule costs.
 */
export function scoreFolds(
  settings: TrainingSettings,
  writers: string[],
  prepared = prepare(settings),
): FoldScore[] {
  const { lines, examples, calmExamples } = prepared;
  const out: FoldScore[] = [];
  for (const writer of writers) {
    const model = trainLinear(
      [...examples.filter((_, i) => lines[i]!.writer !== writer).flat(), ...calmExamples],
      settings.options,
    );
    for (const line of lines) {
      if (line.writer !== writer) continue;
      const rules = ruleView(line.text);
      const probs = probabilities(model, featuresUnder(settings, line.text, line.lang, model.buckets, rules));
      const acuteShare = probs[0]! / Math.max(1e-9, probs[0]! + probs[1]!);
      const crisis = crisisScoreOf(probs, rules.category !== null);
      const bare: Scored = { crisis, acuteShare, tier: line.tier };
      const decided = decidingScore(line.text, rules, crisis);
      out.push({
        language: line.lang,
        decided: { ...bare, crisis: decided },
        bare,
        shortCued: isShortCuedMessage(line.text, rules),
        ...(settings.ruleFactors && {
          byRuleFactor: settings.ruleFactors.map((factor) =>
            decidingScore(line.text, rules, crisisScoreOf(probs, rules.category !== null, factor)),
          ),
        }),
        ...(settings.scoreParts && {
          parts: sentenceWindows(line.text).map((part) => {
            const partRules = ruleView(part);
            const partProbs = probabilities(
              model,
              featuresUnder(settings, part, line.lang, model.buckets, partRules),
            );
            return crisisScoreOf(partProbs, partRules.category !== null);
          }),
        }),
      });
    }
  }
  return out;
}

/**
 * The validation folds in up to `threads` worker threads, each building the same data (seeded) and
 * scoring its share of the writers. The scores come back grouped by thread, not in writer order;
 * what is made of them (thresholds, rates) does not depend on the order.
 */
async function scoreFoldsInThreads(settings: TrainingSettings, writers: string[], threads: number) {
  const groups = Array.from({ length: threads }, (_, t) =>
    writers.filter((_, i) => i % threads === t),
  ).filter((group) => group.length > 0);
  const worker = new URL('./safety-training-worker.ts', import.meta.url);
  const results = await Promise.all(
    groups.map(
      (group) =>
        new Promise<FoldScore[]>((resolve, reject) => {
          const thread = new Worker(worker, { workerData: { settings, writers: group } });
          thread.once('message', resolve);
          thread.once('error', reject);
          thread.once(
            'exit',
            (code) => code !== 0 && reject(new Error(`a validation thread ended with ${code}`)),
          );
        }),
    ),
  );
  return results.flat();
}

/**
 * Trains the model on every training writer and chooses its thresholds on validation: each
 * writer but the training-only ones left out in turn (ADR 77, 97), in `threads` worker threads beside
 * the final model's training in this one (the same figures as one thread, about twice as fast on
 * two cores).
 */
export async function trainSafetyModel(
  settings: TrainingSettings = defaultTrainingSettings,
  threads = Math.max(1, Math.min(availableParallelism(), 4)),
): Promise<TrainedSafetyModel> {
  const prepared = prepare(settings);
  const { lines, examples, calmExamples, writers } = prepared;
  // Started first: in worker threads the folds score while the final model trains here.
  const scored = scoreValidationFolds(settings, prepared, threads);
  const model = trainLinear([...examples.flat(), ...calmExamples], settings.options);

  const { thresholds, figures, shortCued } = validationFigures(await scored);
  model.thresholds = thresholds;
  model.shortCuedBar = shortCued.bar;
  const perWriter = Object.fromEntries(
    writers.map((w) => [
      w,
      Object.fromEntries(
        languageCodes.map((l) => [l, lines.filter((x) => x.writer === w && x.lang === l).length]),
      ) as Record<LanguageCode, number>,
    ]),
  );
  return {
    model,
    validation: figures,
    shortCued,
    lines: perWriter,
    calmExamples: prepared.calmCounts,
  };
}

export interface ShortCuedFigure {
  bar: number;
  crisis: number;
  calm: number;
  /** Of them, flagged at the bar and the language's threshold. */
  crisisFlagged: number;
  calmFlagged: number;
}

/**
 * The short cued bar (ADR 97): chosen like a language's threshold (the lowest score that keeps
 * false alarms within the budget) on the short cued validation messages of every language
 * together, and applied as well as the language's threshold, never instead: on so few messages
 * it may raise a short message's bar, never lower it.
 */
function withShortCuedBar(scored: FoldScore[]): { bar: number; scored: FoldScore[] } {
  const bar = chooseThresholds(
    scored.filter((s) => s.shortCued).map((s) => s.decided),
    MAX_VALIDATION_FALSE_ALARMS,
  ).crisis;
  return {
    bar,
    scored: scored.map((s) =>
      s.shortCued && s.decided.crisis < bar ? { ...s, decided: { ...s.decided, crisis: 0 } } : s,
    ),
  };
}

/** Each language's thresholds chosen on the validation scores, and its figures at them. */
export function validationFigures(foldScores: FoldScore[]) {
  const { bar, scored } = withShortCuedBar(foldScores);
  const validation = new Map<LanguageCode, FoldScore[]>(languageCodes.map((l) => [l, []]));
  for (const s of scored) validation.get(s.language)!.push(s);

  const thresholds = Object.fromEntries(
    languageCodes.map((l) => [
      l,
      chooseThresholds(
        validation.get(l)!.map((s) => s.decided),
        MAX_VALIDATION_FALSE_ALARMS,
      ),
    ]),
  ) as Record<LanguageCode, ReturnType<typeof chooseThresholds>>;
  const figures = languageCodes.map((l): ValidationFigure => {
    const scored = validation.get(l)!;
    const { recall, falseAlarms } = rates(
      scored.map((s) => s.decided),
      thresholds[l].crisis,
    );
    const ungated = rates(
      scored.map((s) => s.bare),
      thresholds[l].crisis,
    );
    return {
      language: l,
      lines: scored.length,
      recall,
      falseAlarms,
      recallWithoutShortMessageRule: ungated.recall,
      ...thresholds[l],
    };
  });

  const shortOnes = scored.filter((s) => s.shortCued);
  const flagged = (s: FoldScore) => s.decided.crisis >= thresholds[s.language].crisis;
  const shortCued: ShortCuedFigure = {
    bar,
    crisis: shortOnes.filter((s) => s.decided.tier !== 'none').length,
    calm: shortOnes.filter((s) => s.decided.tier === 'none').length,
    crisisFlagged: shortOnes.filter((s) => s.decided.tier !== 'none' && flagged(s)).length,
    calmFlagged: shortOnes.filter((s) => s.decided.tier === 'none' && flagged(s)).length,
  };
  return { thresholds, figures, shortCued };
}

/**
 * Validation only (no final model): each fold's scores of `settings` (leave one writer out), to
 * compare learner variants and ways of deciding before any is trained for the product
 * (`safety-variants.ts`).
 */
export async function validationScores(
  settings: TrainingSettings,
  threads = Math.max(1, Math.min(availableParallelism(), 4)),
): Promise<FoldScore[]> {
  return scoreValidationFolds(settings, prepare(settings), threads);
}

/** Every writer but the training-only ones left out in turn (ADR 77, 97), in threads when there are. */
function scoreValidationFolds(
  settings: TrainingSettings,
  prepared: Prepared,
  threads: number,
): Promise<FoldScore[]> | FoldScore[] {
  const foldWriters = prepared.writers.filter((w) => !trainingOnlyWriters.includes(w));
  return threads > 1
    ? scoreFoldsInThreads(settings, foldWriters, threads)
    : scoreFolds(settings, foldWriters, prepared);
}
