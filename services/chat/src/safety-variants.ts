// `npm run safety-variants -w services/chat -- bits=20 dropout=0.2 averaged triples languagewords windows factors`: the
// validation figures of a learner variant (leave-one-writer-out recall at 5 % false alarms, no final
// model, never the evaluation set), beside those of the shipped model, to decide a variant by ADR
// 80's rule. `windows` (ADR 89) keeps the learner and scores each message three ways in the same
// run: whole, and with its parts (the highest part, or its mean with the whole); `factors` (ADR 90)
// the same for the rule hit's factor (1, 2, 3, 5 beside the product's 10).
import { languageCodes } from '@innerview/contracts';
import stored from './domain/safety/learned/model.json' with { type: 'json' };
import type { TrainOptions } from './domain/safety/learned/train.ts';
import {
  defaultTrainingSettings,
  type FoldScore,
  type ValidationFigure,
  validationFigures,
  validationScores,
} from './safety-training.ts';

/**
 * A learner variant from command-line words (`bits=22 dropout=0.2 averaged triples languagewords
 * l2=x epochs=n seed=n`) over the shipped options; `windows` and `factors` are read apart (ways of
 * deciding, not learner options).
 */
function trainOptionsFrom(args: string[]): TrainOptions {
  const options: TrainOptions = { ...defaultTrainingSettings.options };
  for (const arg of args) {
    const [name, value] = arg.split('=');
    if (name === 'averaged') options.averaged = true;
    else if (name === 'triples') options.wordTriples = true;
    else if (name === 'languagewords') options.languageWords = true;
    else if (name === 'bits') options.featureBits = Number(value);
    else if (name === 'dropout' || name === 'l2' || name === 'epochs' || name === 'seed')
      options[name] = Number(value);
    else if (name !== 'windows' && name !== 'factors')
      throw new Error(
        `unknown variant ${arg}: bits=n, dropout=p, averaged, triples, languagewords, l2=x, epochs=n, seed=n, windows, factors`,
      );
  }
  return options;
}

/** The message's score with its parts (ADR 89): the highest, or its mean with the whole. */
const partScorings = {
  max: (whole: number, parts: number[]) => Math.max(whole, ...parts),
  mean: (whole: number, parts: number[]) => (whole + Math.max(...parts)) / 2,
};

/** The same folds' messages decided by another score (a way of deciding, paired with the shipped). */
function decidedBy(scored: FoldScore[], crisisOf: (s: FoldScore) => number): FoldScore[] {
  return scored.map((s) => ({ ...s, decided: { ...s.decided, crisis: crisisOf(s) } }));
}

const mean = (list: ValidationFigure[]) => (100 * list.reduce((a, v) => a + v.recall, 0)) / list.length;

function report(name: string, figures: ValidationFigure[], baseline: ValidationFigure[], against: string) {
  console.log(`${name}:`);
  for (const l of languageCodes) {
    const v = figures.find((f) => f.language === l)!;
    const s = baseline.find((f) => f.language === l)!;
    const delta = 100 * (v.recall - s.recall);
    console.log(
      `  ${l}: validation recall ${(100 * v.recall).toFixed(2)} % (${against} ${(100 * s.recall).toFixed(2)}, ${delta >= 0 ? '+' : ''}${delta.toFixed(2)}), false alarms ${(100 * v.falseAlarms).toFixed(2)} %, threshold ${v.crisis}`,
    );
  }
  console.log(`  mean: ${mean(figures).toFixed(2)} % (${against} ${mean(baseline).toFixed(2)})`);
}

/** Rule-hit factors tried beside the product's ten (ADR 90). */
const ruleFactors = [1, 2, 3, 5];

const args = process.argv.slice(2);
const options = trainOptionsFrom(args);
const scoreParts = args.includes('windows');
const factors = args.includes('factors');
const started = Date.now();
const scored = await validationScores({
  ...defaultTrainingSettings,
  options,
  scoreParts,
  ...(factors && { ruleFactors }),
});
const figures = validationFigures(scored).figures;
const shipped = (stored.trainedOn as { validation: ValidationFigure[] }).validation;
console.log(
  `variant ${JSON.stringify({ ...options, scoreParts, factors })} (${Math.round((Date.now() - started) / 1000)} s)`,
);
report('whole messages', figures, shipped, 'shipped');
if (scoreParts)
  for (const [name, combine] of Object.entries(partScorings))
    report(
      `parts, ${name}`,
      validationFigures(
        decidedBy(scored, (s) => (s.parts?.length ? combine(s.decided.crisis, s.parts) : s.decided.crisis)),
      ).figures,
      figures,
      'whole',
    );
if (factors)
  for (const [i, factor] of ruleFactors.entries())
    report(
      `rule hit × ${factor}`,
      validationFigures(decidedBy(scored, (s) => s.byRuleFactor![i]!)).figures,
      figures,
      'whole × 10',
    );
