import type { TestProject } from 'vitest/node';
import { startProduct } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The product every e2e file without settings of its own uses (product-fixture.ts). */
    sharedProductUrl: string | undefined;
  }
}

/**
 * Starts the product once for the whole e2e run (as `npm start` runs it, building stale front
 * ends first) and stops it after the last file: starting it took about 20 s per file. Files that
 * need settings of their own (`useProduct({ env })`) still start their own. Nothing starts when
 * `E2E_BASE_URL` points at a product started by hand.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    project.provide('sharedProductUrl', undefined);
    return undefined;
  }
  const product = await startProduct();
  project.provide('sharedProductUrl', product.url);
  return () => product.stop();
}
