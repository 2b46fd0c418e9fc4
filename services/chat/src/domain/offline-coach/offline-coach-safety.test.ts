import { languageCodes } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { readEvaluation } from '../../safety-corpus.ts';
import { assessMessage } from '../safety/assess.ts';
import { hasRiskCue } from '../safety/risk-cues.ts';
import { offlineCoachReply } from './offline-coach.ts';

// The offline coach never gives a flagged message's words back, in any tier or language, and does
// not quote a message with heavy words the detector let through either. Read on the evaluation
// set's messages (measuring only, nothing is tuned here).
const evaluation = readEvaluation();

function echoes(reply: string, message: string): string[] {
  const words = message
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const folded = reply.toLowerCase();
  const runs: string[] = [];
  for (let i = 0; i + 4 <= words.length; i++) {
    const run = words.slice(i, i + 4).join(' ');
    if (folded.includes(run)) runs.push(run);
  }
  return runs;
}

describe('the offline coach and crisis messages', () => {
  it.each(languageCodes)(
    'gives a flagged message (acute or possible) the care reply, never its words, in %s',
    (language) => {
      const flagged = evaluation.filter(
        (c) => c.lang === language && assessMessage(c.text, language).tier !== 'none',
      );
      const tiers = new Set(flagged.map((c) => assessMessage(c.text, language).tier));
      expect(tiers).toEqual(new Set(['acute', 'possible']));
      for (const c of flagged) {
        const reply = offlineCoachReply({ language, message: c.text, history: [], answers: [] });
        expect(reply).toContain('**143**');
        expect(echoes(reply, c.text)).toEqual([]);
      }
    },
  );

  it.each(languageCodes)(
    'does not quote a message with a risk cue that the detector let through, in %s',
    (language) => {
      const heavy = evaluation.filter(
        (c) => c.lang === language && hasRiskCue(c.text) && assessMessage(c.text, language).tier === 'none',
      );
      expect(heavy.length).toBeGreaterThan(0);
      for (const c of heavy) {
        const reply = offlineCoachReply({ language, message: c.text, history: [], answers: [] });
        expect(echoes(reply, c.text)).toEqual([]);
      }
    },
  );
});
