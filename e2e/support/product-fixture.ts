import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { type RunningProduct, startProduct } from './product.ts';

export type E2E = { url: string; browser: Browser };

export type ProductOptions = {
  /** Settings the product starts with (test-only hooks, faster sweeps …). */
  env?: Record<string, string>;
  /** Always start an own product, even with `E2E_BASE_URL` set (the test needs its `env`). */
  own?: boolean;
};

/**
 * Starts the product (`npm start`, see product.ts) and Chromium once for a test file, and stops
 * both after it. `E2E_BASE_URL` points the tests at a product started by hand instead.
 */
export function useProduct(options: ProductOptions = {}): E2E {
  const e2e = {} as E2E;
  let product: RunningProduct | undefined;
  beforeAll(async () => {
    const external = options.own ? undefined : process.env.E2E_BASE_URL;
    if (external) e2e.url = external.replace(/\/$/, '');
    else {
      product = await startProduct(options.env);
      e2e.url = product.url;
    }
    e2e.browser = await launchChromium();
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await product?.stop();
  });
  return e2e;
}
