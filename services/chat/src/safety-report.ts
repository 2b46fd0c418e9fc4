// `npm run safety-report -w services/chat`: measures the safety detector per language on the test
// set and the held-out set, and the risk-cue pre-filter of the model check on both, and rewrites the
// generated part of docs/safety.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateRiskCues, evaluateSafety } from './domain/safety/evaluate.ts';
import { heldOutSet } from './domain/safety/held-out-set.ts';
import { renderSafetyReport, replaceReport } from './domain/safety/report.ts';
import { safetyTestSet } from './domain/safety/test-set.ts';

export const safetyDoc = path.resolve(import.meta.dirname, '../../../docs/safety.md');

const tuning = evaluateSafety(safetyTestSet);
const heldOut = evaluateSafety(heldOutSet);
const cues = { tuning: evaluateRiskCues(safetyTestSet), heldOut: evaluateRiskCues(heldOutSet) };
writeFileSync(
  safetyDoc,
  replaceReport(readFileSync(safetyDoc, 'utf8'), renderSafetyReport(tuning, heldOut, cues)),
);
for (const score of tuning)
  console.log(
    `${score.language}: precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}` +
      (score.misses.length > 0
        ? `; wrong: ${score.misses.map((m) => JSON.stringify(m.text)).join(', ')}`
        : ''),
  );
for (const score of cues.heldOut)
  if (score.uncaught.length > 0)
    console.log(
      `${score.language}: held-out misses without a risk cue: ${score.uncaught.map((t) => JSON.stringify(t)).join(', ')}`,
    );
console.log(`wrote ${safetyDoc}`);
