import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Each test file copies a migrated 40 MB database directory and writes to it: on a RAM disk (tmpfs)
 * that costs milliseconds instead of a second or more. The temporary directory of this process (the
 * global setup) and of the workers it forks is /dev/shm where it is writable, else the system's.
 */
function ramTmpDir(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}
const tmp = process.env.SHIPLOG_TEST_TMPDIR ?? ramTmpDir();
if (tmp) process.env.TMPDIR = tmp;

/** Files that replace a module with `vi.mock`: they get a fresh module graph of their own. */
const MOCKING = ['test/action/main.test.ts', 'test/server/services/accounts/sign-in.test.ts'];

/** What every project here, `npm run test:cli` and `npm run test:action` run with. */
export const shared = {
  setupFiles: ['test/helpers/setup.ts'],
  // Each file builds its own database; PGlite start-up and PostgreSQL DDL are slow-ish.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    fileParallelism: true,
    // Vitest's default is one worker fewer than the cores (1 on a 2-core machine): the main process
    // does little here, so every core runs a worker.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // One worker process runs many files one after another, loading the server's modules once: a
        // file starts in milliseconds instead of re-importing Fastify, pg-boss and PGlite (about half of
        // the suite's CPU time). Files share no state but the module cache: each opens its own app on
        // its own database, and test/helpers/setup.ts resets nock after each test.
        test: {
          ...shared,
          name: 'shared',
          include: ['test/**/*.test.ts'],
          // test/cli/ starts the `shiplog` bin as child processes: `npm run test:cli` (vitest.cli.config.ts);
          // test/action-bundle/ the Action's bundle: `npm run test:action` (vitest.action.config.ts).
          exclude: [
            'test/faults/**',
            'test/cli/**',
            'test/action-bundle/**',
            '**/node_modules/**',
            ...MOCKING,
          ],
          isolate: false,
        },
      },
      { test: { ...shared, name: 'isolated', include: MOCKING } },
    ],
  },
});
