/**
 * The GitHub Action's committed bundle run as the runner runs it (`npm run test:action`, run by CI after
 * `npm test`, on the embedded database and on PostgreSQL): test/action-bundle/ holds every test file
 * that starts action/dist/index.js as a child process (`runActionStep` of test/helpers/run-action.ts),
 * with INPUT_* variables, the event file, GITHUB_OUTPUT and a git checkout, against a Shiplog server
 * on a real socket or none. Each step starts Node and loads the 2 MB bundle, and the checkouts are
 * real git repositories built commit by commit, so these run apart from `npm test`, whose
 * test/action/ drives the Action's `run()` in its own process.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// Also points TMPDIR at the RAM disk, as for `npm test`: each file copies a migrated database.
import { shared } from './vitest.config.ts';

export default defineConfig({
  test: {
    ...shared,
    include: ['test/action-bundle/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // A test waits on several steps that each start Node: on a busy 2-core machine, past `npm test`'s 30 s.
    testTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: availableParallelism(),
    // As in `npm test`: one worker runs its files one after another, loading the server's modules once.
    isolate: false,
  },
});
