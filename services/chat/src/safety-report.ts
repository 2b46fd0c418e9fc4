// `npm run safety-report -w services/chat`: measures the safety detector (rules and the learned
// model) and, beside it in the same run, the old rule detector: on the held-out evaluation set per
// language and tier, on the repository's older sets and on ordinary coaching talk; rewrites the
// generated part of docs/safety.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { languageCodes } from '@innerview/contracts';
import { renderSafetyReport, replaceReport } from './domain/safety/report.ts';
import { safetyFigures } from './safety-figures.ts';

export const safetyDoc = path.resolve(import.meta.dirname, '../../../docs/safety.md');

const started = performance.now();
const figures = safetyFigures();
writeFileSync(safetyDoc, replaceReport(readFileSync(safetyDoc, 'utf8'), renderSafetyReport(figures)));
for (const s of figures.evaluation)
  console.log(
    `${s.language}: precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}, false alarms ${s.falseAlarmRate.toFixed(3)} (old: recall ${s.baseline.recall.toFixed(3)}, false alarms ${s.baseline.falseAlarmRate.toFixed(3)})`,
  );
if (process.argv.includes('--misses'))
  for (const language of languageCodes)
    for (const m of figures.evaluation.find((s) => s.language === language)?.misses ?? [])
      console.log(`${language} ${m.expected} → ${m.got}: ${m.text}`);
console.log(`wrote ${safetyDoc} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
