/**
 * `shiplog deliveries failed|retry` as a user runs them, while `shiplog serve` runs (over the admin
 * socket on the embedded database, directly on PostgreSQL): answers, usage and refusals. The whole
 * story of an SMTP outage (list, re-drive) is test/faults/email-outage-redrive.test.ts.
 */
import { createServer } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { runCliInProcess, useCliEnv, whileServing } from '../helpers/run-cli.ts';

const env = useCliEnv();

beforeAll(async () => {
  // An SMTP address where nothing listens: nothing here sends mail.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

it(
  'answers while the server runs, and refuses a retry that names no batch',
  { timeout: 60_000 },
  async () => {
    await whileServing(env, async () => {
      const none = await runCliInProcess(['deliveries', 'failed'], env);
      expect(none.code, none.stderr).toBe(0);
      expect(none.stdout).toBe('No failed email batches.\n');
      const all = await runCliInProcess(['deliveries', 'retry', '--all', '--json'], env);
      expect(all.code, all.stderr).toBe(0);
      expect(JSON.parse(all.stdout)).toEqual({ retried: [] });
      const unknown = await runCliInProcess(['deliveries', 'retry', 'emb_nope'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe(
        'shiplog: No failed email batch emb_nope; list them with: npx shiplog deliveries failed\n',
      );
      for (const args of [
        ['deliveries', 'retry'],
        ['deliveries', 'retry', 'emb_x', '--all'],
      ]) {
        const usage = await runCliInProcess(args, env);
        expect(usage.code, args.join(' ')).toBe(2);
        expect(usage.stderr).toMatch(/give one batch id, or --all/);
      }
    });
  },
);
