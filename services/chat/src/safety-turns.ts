// `npm run safety-turns -w services/chat`: how many of the offline coach's ordinary conversation
// turns (conversations.fixtures.ts, never trained on) the stored model answers with the care
// reply. A gate a new model passes before the evaluation set is measured (ADR 82); it reads no
// evaluation message.
import { languageCodes } from '@innerview/contracts';
import { turnsIn } from './domain/offline-coach/conversations.fixtures.ts';
import { productDecision } from './domain/safety/evaluate.ts';

let flagged = 0;
let turns = 0;
for (const language of languageCodes) {
  const texts = turnsIn(language);
  const alarms = texts.filter((t) => productDecision(t, language) !== 'none').length;
  console.log(`${language}: ${alarms} of ${texts.length} turns get the care reply`);
  flagged += alarms;
  turns += texts.length;
}
console.log(`all: ${flagged} of ${turns}`);
