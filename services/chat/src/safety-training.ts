// The training of the safety detector's learned part, as a function (`safety-train.ts` runs it
// and writes the model): trains on the training writers' corpus (domain/safety/corpus/train-*)
// and the calm everyday examples, chooses each language's thresholds on predictions for one
// writer's messages by a model trained on the other writers only. Never reads the evaluation set.
import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { noisyCopy } from './domain/safety/learned/augment.ts';
import { coachingFrameMessages } from './domain/safety/learned/coaching-frames.ts';
import { everydayTrainingMessages } from './domain/safety/learned/everyday-messages.ts';
import { featuresOf } from './domain/safety/learned/features.ts';
import { type LinearModel, probabilities } from './domain/safety/learned/model.ts';
import { decidingScore } from './domain/safety/learned/short-messages.ts';
import { crisisScoreOf, ruleView } from './domain/safety/learned/signals.ts';
import { chooseThresholds, rates, type Scored } from './domain/safety/learned/thresholds.ts';
import {
  defaultTrainOptions,
  type Example,
  seededRandom,
  type TrainOptions,
  trainLinear,
} from './domain/safety/learned/train.ts';
import { type CorpusLine, readTraining } from './safety-corpus.ts';

/** The false-alarm budget per language on validation (the goal is at most 5 % on new writers). */
export const MAX_VALIDATION_FALSE_ALARMS = 0.05;

export interface TrainingSettings {
  options: TrainOptions;
  augmentedCopies: number;
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
  /** Lines per writer and language (after dropping duplicates). */
  lines: Record<string, Record<LanguageCode, number>>;
  calmExamples: { coachingFrames: number; everyday: number };
}

export function trainSafetyModel(settings: TrainingSettings = defaultTrainingSettings): TrainedSafetyModel {
  const seen = new Set<string>();
  const lines = readTraining().filter((line) => {
    const key = `${line.lang}|${line.text.toLowerCase().replace(/\s+/g, ' ').trim()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const writers = [...new Set(lines.map((l) => l.writer))];

  const random = seededRandom(settings.options.seed);
  const examplesOf = (line: Pick<CorpusLine, 'text' | 'tier'>): Example[] => {
    const texts = [line.text];
    for (let i = 0; i < settings.augmentedCopies; i++) texts.push(noisyCopy(line.text, random));
    return texts.map((text) => ({ features: featuresOf(text, ruleView(text).signals), tier: line.tier }));
  };
  const examples = lines.map(examplesOf);
  // Plain coaching talk and short everyday messages (calm): in every model's training, never a
  // validation fold (templated or very short, scoring them would say little about a new writer).
  const frames = coachingFrameMessages();
  const everyday = everydayTrainingMessages();
  const calmExamples = [...frames, ...everyday].flatMap((m) => examplesOf({ text: m.text, tier: 'none' }));

  // Scored as the product decides (on a short message the score is not taken alone),
  // and beside it the bare score, to show what the rule costs.
  const score = (model: LinearModel, line: CorpusLine): { decided: Scored; bare: Scored } => {
    const rules = ruleView(line.text);
    const probs = probabilities(model, featuresOf(line.text, rules.signals));
    const acuteShare = probs[0]! / Math.max(1e-9, probs[0]! + probs[1]!);
    const crisis = crisisScoreOf(probs, rules.category !== null);
    const bare: Scored = { crisis, acuteShare, tier: line.tier };
    return { decided: { ...bare, crisis: decidingScore(line.text, rules, crisis) }, bare };
  };

  // Validation: each writer's messages scored by a model trained on the other writers only, the
  // way the evaluation set (another writer still) will be met.
  const validation = new Map<LanguageCode, Array<{ decided: Scored; bare: Scored }>>(
    languageCodes.map((l) => [l, []]),
  );
  for (const writer of writers) {
    const model = trainLinear(
      [...examples.filter((_, i) => lines[i]!.writer !== writer).flat(), ...calmExamples],
      settings.options,
    );
    for (const line of lines) if (line.writer === writer) validation.get(line.lang)!.push(score(model, line));
  }

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

  const model = trainLinear([...examples.flat(), ...calmExamples], settings.options);
  model.thresholds = thresholds;
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
    lines: perWriter,
    calmExamples: { coachingFrames: frames.length, everyday: everyday.length },
  };
}
