/**
 * The CLI and the server as child processes (`npm run test:cli`, run by CI after `npm test`, on the
 * embedded database and on PostgreSQL): test/cli/ holds every test file that starts the `shiplog` bin
 * (`runCli`, `startServe`, `whileServing` of test/helpers/run-cli.ts), whose point is the process
 * boundary: a real socket, signals, exit codes, a second terminal beside a running server, the image's
 * command. Each command starts Node and loads the server (seconds each), so these run apart from
 * `npm test`, which drives the same commands in its own process through `main()`.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// Also points TMPDIR at the RAM disk, as for `npm test`: each file copies a migrated database.
import { shared } from './vitest.config.ts';

export default defineConfig({
  test: {
    ...shared,
    include: ['test/cli/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // A test waits on processes that each start Node: on a busy 2-core machine, past `npm test`'s 30 s.
    testTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: availableParallelism(),
    // As in `npm test`: one worker runs its files one after another, loading the server's modules once.
    isolate: false,
  },
});
