import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './browser.ts';
import { type RunningProduct, startProduct } from './product.ts';

export type E2E = { url: string; browser: Browser };

export type ProductOptions = {
  /**
   * Settings the product starts with (test-only hooks, faster sweeps …). A file with settings
   * gets a product of its own; without, it uses the one started for the whole run.
   */
  env?: Record<string, string>;
  /** Always start an own product, even with `E2E_BASE_URL` set (the test needs its `env`). */
  own?: boolean;
};

/**
 * The product and Chromium for a test file. Without settings of its own (`env`), the file uses
 * the product global-setup.ts started once for the run (its people are its own, made through
 * people.ts, and its calls come from an address of its own, client.ts); with settings it starts
 * its own product (`npm start`, see product.ts) and stops it after the file. `E2E_BASE_URL` points
 * the tests at a product started by hand instead (except `own` files). Chromium is the file's own.
 */
export function useProduct(options: ProductOptions = {}): E2E {
  const e2e = {} as E2E;
  let product: RunningProduct | undefined;
  beforeAll(async () => {
    const external = options.own ? undefined : process.env.E2E_BASE_URL;
    const shared = options.own || options.env ? undefined : inject('sharedProductUrl');
    if (external) e2e.url = external.replace(/\/$/, '');
    else if (shared) e2e.url = shared;
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
