// ADR 86's diagnostic: how far the English sentence vectors alone tell a crisis from calm talk.
// Leave-one-writer-out on the English training lines (the folds of `npm run safety-train`), a
// logistic regression on the vectors (crisis: acute or possible, against none), recall at 5 %
// pooled validation false alarms, beside the shipped linear model's bare English figure.

import { coachingFrameMessages } from './domain/safety/learned/coaching-frames.ts';
import { everydayTrainingMessages } from './domain/safety/learned/everyday-messages.ts';
import stored from './domain/safety/learned/model.json' with { type: 'json' };
import { loadSentenceEncoder, SENTENCE_VECTOR_SIZE } from './domain/safety/learned/sentence-encoder.ts';
import { chooseThresholds, rates, type Scored } from './domain/safety/learned/thresholds.ts';
import { minimalPairWriters, readTraining } from './safety-corpus.ts';
import { MAX_VALIDATION_FALSE_ALARMS } from './safety-training.ts';

interface Row {
  vector: Float32Array;
  crisis: boolean;
  writer: string;
}

const encoder = await loadSentenceEncoder();
const rows: Row[] = [];
const seen = new Set<string>();
for (const line of readTraining().filter((l) => l.lang === 'en')) {
  const key = line.text.toLowerCase().replace(/\s+/g, ' ').trim();
  if (seen.has(key)) continue;
  seen.add(key);
  rows.push({ vector: await encoder.vectorOf(line.text), crisis: line.tier !== 'none', writer: line.writer });
}
const calm = [...coachingFrameMessages(), ...everydayTrainingMessages()].filter((m) => m.lang === 'en');
for (const m of calm) rows.push({ vector: await encoder.vectorOf(m.text), crisis: false, writer: 'calm' });

/** Full-batch gradient descent on the logistic loss, a small L2; weights then bias. */
function train(examples: Row[]): Float64Array {
  const w = new Float64Array(SENTENCE_VECTOR_SIZE + 1);
  // Rate 20, 1,000 steps: converged (3,000 steps gave the same recall within 0.1 point; 300
  // steps at rate 2 stopped short of it).
  const rate = 20;
  for (let step = 0; step < 1000; step++) {
    const grad = new Float64Array(w.length);
    for (const { vector, crisis } of examples) {
      const error = score(w, vector) - (crisis ? 1 : 0);
      for (let d = 0; d < SENTENCE_VECTOR_SIZE; d++) grad[d]! += error * vector[d]!;
      grad[SENTENCE_VECTOR_SIZE]! += error;
    }
    for (let d = 0; d < w.length; d++)
      w[d]! -= rate * (grad[d]! / examples.length + (d < SENTENCE_VECTOR_SIZE ? 1e-4 * w[d]! : 0));
  }
  return w;
}

function score(w: Float64Array, vector: Float32Array): number {
  let z = w[SENTENCE_VECTOR_SIZE]!;
  for (let d = 0; d < SENTENCE_VECTOR_SIZE; d++) z += w[d]! * vector[d]!;
  return 1 / (1 + Math.exp(-z));
}

const folds = [...new Set(rows.map((r) => r.writer))].filter(
  (w) => w !== 'calm' && !minimalPairWriters.includes(w),
);
const scored: Scored[] = [];
for (const writer of folds) {
  const w = train(rows.filter((r) => r.writer !== writer));
  for (const r of rows.filter((x) => x.writer === writer))
    scored.push({ crisis: score(w, r.vector), acuteShare: 0, tier: r.crisis ? 'possible' : 'none' });
}
const { crisis } = chooseThresholds(scored, MAX_VALIDATION_FALSE_ALARMS);
const { recall, falseAlarms } = rates(scored, crisis);
const shipped = (
  stored.trainedOn as { validation: Array<{ language: string; recallWithoutShortMessageRule: number }> }
).validation.find((v) => v.language === 'en')!;
console.log(
  `English, ${scored.length} validation lines in ${folds.length} folds: vectors alone recall ${(100 * recall).toFixed(2)} % at ${(100 * falseAlarms).toFixed(2)} % false alarms; the shipped linear model (no short-message rule) ${(100 * shipped.recallWithoutShortMessageRule).toFixed(2)} %`,
);
