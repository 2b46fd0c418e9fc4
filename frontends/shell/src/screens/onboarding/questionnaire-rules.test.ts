import { describe, expect, it } from 'vitest';
import {
  answerLength,
  isBlankAnswer,
  isOverLimit,
  isQuestionnaireComplete,
  MAX_ANSWER_LENGTH,
  needsSave,
  nextStep,
  parseStepParam,
  stepStates,
  unansweredSteps,
} from './questionnaire-rules.ts';

const saved = (entries: Record<number, string>) =>
  new Map(Object.entries(entries).map(([step, text]) => [Number(step), text]));

describe('the step in the URL', () => {
  it('accepts whole steps 1 to 8 and the summary, nothing else', () => {
    expect(parseStepParam('1')).toEqual({ kind: 'step', step: 1 });
    expect(parseStepParam('8')).toEqual({ kind: 'step', step: 8 });
    expect(parseStepParam('summary')).toEqual({ kind: 'summary' });
    for (const bad of [null, '', '0', '9', '-1', '2.5', '03', ' 3', 'abc', '1e1'])
      expect(parseStepParam(bad)).toEqual({ kind: 'none' });
  });
});

describe('answer length, as the server counts it', () => {
  it('counts code points after trimming: an emoji is one character', () => {
    expect(answerLength('  hello  ')).toBe(5);
    expect(answerLength('🙂🙂')).toBe(2);
    expect('🙂🙂'.length).toBe(4);
  });

  it('allows 1900 characters and flags 1901, emoji included', () => {
    expect(isOverLimit('a'.repeat(MAX_ANSWER_LENGTH))).toBe(false);
    expect(isOverLimit('a'.repeat(MAX_ANSWER_LENGTH + 1))).toBe(true);
    expect(isOverLimit('🙂'.repeat(MAX_ANSWER_LENGTH))).toBe(false);
    expect(isOverLimit(`${'a'.repeat(MAX_ANSWER_LENGTH)}   \n`)).toBe(false);
  });
});

describe('blank answers', () => {
  it('treats empty, white space and invisible format characters as blank', () => {
    for (const blank of ['', '   ', '\n\t', '\u200b', '\u00a0 \u2060'])
      expect(isBlankAnswer(blank)).toBe(true);
    expect(isBlankAnswer(' a ')).toBe(false);
  });
});

describe('progress (docs/product.md#how-things-change-over-time)', () => {
  it('next step: the first without a non-blank answer, or 8 when all are answered', () => {
    expect(nextStep(saved({}))).toBe(1);
    expect(nextStep(saved({ 1: 'a', 2: 'b', 3: 'c' }))).toBe(4);
    expect(nextStep(saved({ 1: 'a', 2: '   ', 3: 'c' }))).toBe(2);
    expect(nextStep(saved({ 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: 'e', 6: 'f', 7: 'g', 8: 'h' }))).toBe(8);
  });

  it('complete only when all 8 have non-blank answers', () => {
    const all = { 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: 'e', 6: 'f', 7: 'g', 8: 'h' };
    expect(isQuestionnaireComplete(saved(all))).toBe(true);
    expect(isQuestionnaireComplete(saved({ ...all, 5: ' ' }))).toBe(false);
    expect(isQuestionnaireComplete(saved({ ...all, 8: '' }))).toBe(false);
    expect(unansweredSteps(saved({ ...all, 2: '', 6: '\n' }))).toEqual([2, 6]);
  });

  it('marks each step answered, skipped (saved blank) or unsaved', () => {
    const states = stepStates(saved({ 1: 'a', 2: '' }));
    expect(states.get(1)).toBe('answered');
    expect(states.get(2)).toBe('skipped');
    expect(states.get(3)).toBe('unsaved');
    expect(states.size).toBe(8);
  });
});

describe('when a step is saved', () => {
  it('sends a changed answer, not the same text again', () => {
    expect(needsSave('new', 'old')).toBe(true);
    expect(needsSave('same ', 'same')).toBe(false);
  });

  it('sends a blank never-saved step (it becomes skipped), unless told not to', () => {
    expect(needsSave('', undefined)).toBe(true);
    expect(needsSave('', undefined, { saveUnsavedBlank: false })).toBe(false);
    expect(needsSave('text', undefined, { saveUnsavedBlank: false })).toBe(true);
  });
});
