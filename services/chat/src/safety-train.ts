// `npm run safety-train -w services/chat`: trains the learned part of the safety detector on the
// training writers' corpus (domain/safety/corpus/train-*), chooses each language's thresholds on
// predictions for one writer's messages by a model trained on the other writers' only, and writes
// domain/safety/learned/weights.json. Deterministic (seeded). Never reads the evaluation set.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type LanguageCode, languageCodes } from '@innerview/contracts';
import { noisyCopy } from './domain/safety/learned/augment.ts';
import { coachingFrameMessages } from './domain/safety/learned/coaching-frames.ts';
import { featuresOf } from './domain/safety/learned/features.ts';
import { type LinearModel, probabilities, storeModel } from './domain/safety/learned/model.ts';
import { crisisScoreOf, ruleView } from './domain/safety/learned/signals.ts';
import { chooseThresholds, rates, type Scored } from './domain/safety/learned/thresholds.ts';
import {
  defaultTrainOptions,
  type Example,
  seededRandom,
  trainLinear,
} from './domain/safety/learned/train.ts';
import { type CorpusLine, readTraining } from './safety-corpus.ts';

/** The false-alarm budget per language on validation (the goal is at most 5 % on new writers). */
export const MAX_VALIDATION_FALSE_ALARMS = 0.05;
const AUGMENTED_COPIES = 1;

const seen = new Set<string>();
const lines = readTraining().filter((line) => {
  const key = `${line.lang}|${line.text.toLowerCase().replace(/\s+/g, ' ').trim()}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
const writers = [...new Set(lines.map((l) => l.writer))];
console.log(`training lines: ${lines.length} from ${writers.join(', ')}`);

const random = seededRandom(defaultTrainOptions.seed);
const examplesOf = (line: CorpusLine): Example[] => {
  const texts = [line.text];
  for (let i = 0; i < AUGMENTED_COPIES; i++) texts.push(noisyCopy(line.text, random));
  return texts.map((text) => ({ features: featuresOf(text, ruleView(text).signals), tier: line.tier }));
};
const examples = lines.map(examplesOf);
// Plain coaching talk (calm): in every model's training, never a validation fold (it is templated,
// so scoring it would say little about messages from a new writer).
const frameExamples = coachingFrameMessages().flatMap((m) =>
  examplesOf({ text: m.text, lang: m.lang, tier: 'none', kind: 'coaching frame', writer: 'coaching-frames' }),
);

const score = (model: LinearModel, line: CorpusLine): Scored => {
  const rules = ruleView(line.text);
  const probs = probabilities(model, featuresOf(line.text, rules.signals));
  const acuteShare = probs[0]! / Math.max(1e-9, probs[0]! + probs[1]!);
  return { crisis: crisisScoreOf(probs, rules.category !== null), acuteShare, tier: line.tier };
};

// Validation: each writer's messages scored by a model trained on the other writers only, the way
// the evaluation set (another writer still) will be met.
const validation = new Map<LanguageCode, Scored[]>(languageCodes.map((l) => [l, []]));
for (const writer of writers) {
  const model = trainLinear([
    ...examples.filter((_, i) => lines[i]!.writer !== writer).flat(),
    ...frameExamples,
  ]);
  for (const line of lines) if (line.writer === writer) validation.get(line.lang)!.push(score(model, line));
}

const thresholds = Object.fromEntries(
  languageCodes.map((l) => [l, chooseThresholds(validation.get(l)!, MAX_VALIDATION_FALSE_ALARMS)]),
) as Record<LanguageCode, ReturnType<typeof chooseThresholds>>;
const validationFigures = languageCodes.map((l) => {
  const scored = validation.get(l)!;
  const { recall, falseAlarms } = rates(scored, thresholds[l].crisis);
  return { language: l, lines: scored.length, recall, falseAlarms, ...thresholds[l] };
});
for (const v of validationFigures)
  console.log(
    `${v.language}: ${v.lines} lines, crisis threshold ${v.crisis}, acute ${v.acute}: validation recall ${v.recall.toFixed(3)}, false alarms ${v.falseAlarms.toFixed(3)}`,
  );

const model = trainLinear([...examples.flat(), ...frameExamples]);
model.thresholds = thresholds;
const perWriter = Object.fromEntries(
  writers.map((w) => [
    w,
    Object.fromEntries(
      languageCodes.map((l) => [l, lines.filter((x) => x.writer === w && x.lang === l).length]),
    ),
  ]),
);
const out = path.resolve(import.meta.dirname, 'domain/safety/learned');
const { meta, weights } = storeModel(model, {
  lines: perWriter,
  coachingFrames: frameExamples.length / (1 + AUGMENTED_COPIES),
  options: defaultTrainOptions,
  augmentedCopies: AUGMENTED_COPIES,
  maxValidationFalseAlarms: MAX_VALIDATION_FALSE_ALARMS,
  validation: validationFigures,
});
writeFileSync(path.join(out, 'model.json'), `${JSON.stringify(meta, null, 2)}\n`);
writeFileSync(path.join(out, 'weights.bin'), weights);
console.log(`wrote ${out}/model.json and weights.bin`);
