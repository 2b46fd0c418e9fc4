// The unit-web project's one set-up file (vitest.config.ts `setupFiles`), run before every test file.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks what Radix uses for layout and pointers (a checkbox inside a form measures itself,
// a select captures the pointer, a list scrolls its item into view) and what a download uses.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
const element = Element.prototype as Element & Partial<Record<string, unknown>>;
element.hasPointerCapture ??= () => false;
element.setPointerCapture ??= () => {};
element.releasePointerCapture ??= () => {};
element.scrollIntoView ??= () => {};
URL.createObjectURL ??= () => 'blob:innerview-test';
URL.revokeObjectURL ??= () => {};

// Testing Library unmounts by itself only when vitest's globals are on; they are off here, so every
// rendered tree goes after each test (after the file's own afterEach hooks: vitest runs them last
// registered first).
afterEach(() => {
  cleanup();
});
