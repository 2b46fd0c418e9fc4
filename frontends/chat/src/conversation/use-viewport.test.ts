import { describe, expect, it } from 'vitest';
import { isKeyboardOpen, KEYBOARD_THRESHOLD_PX } from './use-viewport.ts';

describe('on-screen keyboard detection (docs/product.md#timing: a 150 px viewport difference)', () => {
  it('is open only when the visible height is more than 150 px below the layout height', () => {
    expect(KEYBOARD_THRESHOLD_PX).toBe(150);
    expect(isKeyboardOpen(844, 844)).toBe(false);
    expect(isKeyboardOpen(844, 844 - 150)).toBe(false);
    expect(isKeyboardOpen(844, 844 - 151)).toBe(true);
    expect(isKeyboardOpen(844, 420)).toBe(true);
  });
});
