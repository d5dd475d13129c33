/**
 * Browser tests (`npm run test:e2e`): the widget in Debian's Chromium (/usr/bin/chromium, driven by
 * playwright-core) against a live server on the embedded database. One file at a time: one browser.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
