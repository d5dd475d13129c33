/**
 * Chromium for a whole test file: launched in `beforeAll` (before any hook the file registers after
 * this call), closed in `afterAll`; each context made with `newContext` is closed after its test.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './widget-host.ts';

export type ChromiumForFile = {
  /** The browser, once `beforeAll` has run. */
  browser(): Browser;
  /** A new context, closed after the running test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
};

export function useChromium(): ChromiumForFile {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  return {
    browser: () => browser!,
    async newContext(options) {
      const context = await browser!.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}
