/**
 * Fault and multi-process suites (`npm run test:faults`, run by CI after `npm test`): tests whose point
 * is a process boundary under stress (kill -9, two servers on one database, PostgreSQL stopped and
 * started again). They start their own processes and servers, so they run one file at a time.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
