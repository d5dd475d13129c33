import { accessSync, constants } from 'node:fs';
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

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/faults/**', '**/node_modules/**'],
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Each file builds its own database; PGlite start-up and PostgreSQL DDL are slow-ish.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
  },
});
