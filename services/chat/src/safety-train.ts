// `npm run safety-train -w services/chat`: trains the learned part of the safety detector
// (safety-training.ts: training writers only, thresholds from leave-one-writer-out validation)
// and writes domain/safety/learned/model.json and weights.bin. Deterministic (seeded). Never
// reads the evaluation set.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { storeModel } from './domain/safety/learned/model.ts';
import { defaultTrainingSettings, MAX_VALIDATION_FALSE_ALARMS, trainSafetyModel } from './safety-training.ts';

const trained = await trainSafetyModel(defaultTrainingSettings);
for (const v of trained.validation)
  console.log(
    `${v.language}: ${v.lines} lines, crisis threshold ${v.crisis}, acute ${v.acute}: validation recall ${v.recall.toFixed(3)} (without the short-message rule ${v.recallWithoutShortMessageRule.toFixed(3)}), false alarms ${v.falseAlarms.toFixed(3)}`,
  );
const c = trained.shortCued;
console.log(
  `short cued messages (under six words, a risk cue, no rule hit): bar ${c.bar}; ${c.crisisFlagged} of ${c.crisis} crises and ${c.calmFlagged} of ${c.calm} calm ones flagged on validation`,
);
const out = path.resolve(import.meta.dirname, 'domain/safety/learned');
const { meta, weights } = storeModel(trained.model, {
  lines: trained.lines,
  calmExamples: trained.calmExamples,
  options: defaultTrainingSettings.options,
  augmentedCopies: defaultTrainingSettings.augmentedCopies,
  maxValidationFalseAlarms: MAX_VALIDATION_FALSE_ALARMS,
  validation: trained.validation,
  shortCued: trained.shortCued,
});
writeFileSync(path.join(out, 'model.json'), `${JSON.stringify(meta, null, 2)}\n`);
writeFileSync(path.join(out, 'weights.bin'), weights);
console.log(`wrote ${out}/model.json and weights.bin`);
