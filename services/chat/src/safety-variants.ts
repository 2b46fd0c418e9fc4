// `npm run safety-variants -w services/chat -- bits=20 dropout=0.2 averaged triples languagewords`: the validation figures of a
// learner variant (leave-one-writer-out recall at 5 % false alarms, no final model, never the
// evaluation set), beside those of the shipped model, to decide a variant by ADR 80's rule.
import { languageCodes } from '@innerview/contracts';
import stored from './domain/safety/learned/model.json' with { type: 'json' };
import type { TrainOptions } from './domain/safety/learned/train.ts';
import { defaultTrainingSettings, type ValidationFigure, validateSettings } from './safety-training.ts';

/**
 * A learner variant from command-line words (`bits=22 dropout=0.2 averaged triples languagewords
 * l2=x epochs=n seed=n`) over the shipped options.
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
    else
      throw new Error(
        `unknown variant ${arg}: bits=n, dropout=p, averaged, triples, languagewords, l2=x, epochs=n, seed=n`,
      );
  }
  return options;
}

const options = trainOptionsFrom(process.argv.slice(2));
const started = Date.now();
const figures = await validateSettings({ ...defaultTrainingSettings, options });
const shipped = (stored.trainedOn as { validation: ValidationFigure[] }).validation;
const mean = (list: ValidationFigure[]) => (100 * list.reduce((a, v) => a + v.recall, 0)) / list.length;
console.log(`variant ${JSON.stringify(options)} (${Math.round((Date.now() - started) / 1000)} s)`);
for (const l of languageCodes) {
  const v = figures.find((f) => f.language === l)!;
  const s = shipped.find((f) => f.language === l)!;
  const delta = 100 * (v.recall - s.recall);
  console.log(
    `${l}: validation recall ${(100 * v.recall).toFixed(2)} % (shipped ${(100 * s.recall).toFixed(2)}, ${delta >= 0 ? '+' : ''}${delta.toFixed(2)}), false alarms ${(100 * v.falseAlarms).toFixed(2)} %`,
  );
}
console.log(`mean: ${mean(figures).toFixed(2)} % (shipped ${mean(shipped).toFixed(2)})`);
