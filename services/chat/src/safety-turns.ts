// `npm run safety-turns -w services/chat`: how many of the offline coach's ordinary conversation
// turns (conversations.fixtures.ts) and of the conversation openings (corpus/openings-*, ADR 95),
// never trained on, the stored model answers with the care reply. A gate a new model passes
// before the evaluation set is measured (ADR 82); it reads no evaluation message.
import { languageCodes } from '@innerview/contracts';
import { turnsIn } from './domain/offline-coach/conversations.fixtures.ts';
import { productDecision } from './domain/safety/evaluate.ts';
import { readOpenings } from './safety-corpus.ts';

const openings = readOpenings();
const total = { turns: 0, flagged: 0, calm: 0, calmFlagged: 0, crisis: 0, crisisFlagged: 0 };
for (const language of languageCodes) {
  const texts = turnsIn(language);
  const alarms = texts.filter((t) => productDecision(t, language) !== 'none').length;
  const { calm, crisis } = openings[language];
  const calmFlagged = calm.filter((t) => productDecision(t, language) !== 'none').length;
  const crisisFlagged = crisis.filter((t) => productDecision(t, language) !== 'none').length;
  console.log(
    `${language}: ${alarms} of ${texts.length} turns get the care reply; openings: ${calmFlagged} of ${calm.length} calm and ${crisisFlagged} of ${crisis.length} crises`,
  );
  total.turns += texts.length;
  total.flagged += alarms;
  total.calm += calm.length;
  total.calmFlagged += calmFlagged;
  total.crisis += crisis.length;
  total.crisisFlagged += crisisFlagged;
}
console.log(
  `all: ${total.flagged} of ${total.turns}; openings: ${total.calmFlagged} of ${total.calm} calm and ${total.crisisFlagged} of ${total.crisis} crises`,
);
