/**
 * `shiplog serve` and `shiplog migrate` that cannot start say why in one line and exit 1 (docs/configuration.md#cli: exit codes): a port in use is named, and no setup link for another server's port is
 * logged; an unreachable PostgreSQL names DATABASE_URL (without its password).
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, useCliEnv } from '../helpers/run-cli.ts';

const env = useCliEnv();
let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => taken.close(resolve)));

it('a port in use: exit 1 naming the port, no setup link, nothing left running', async () => {
  const second = await runCli(['serve'], { ...env, PORT: String(port) });
  expect(second.code).toBe(1);
  expect(second.stderr).toContain(`shiplog: port ${port} is in use (127.0.0.1:${port})`);
  expect(second.stdout + second.stderr).not.toContain('/app/setup?token=');
});

it('an unreachable DATABASE_URL is named, without its password', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const free = (closed.address() as { port: number }).port;
  await new Promise((resolve) => closed.close(resolve));
  const url = `postgres://shiplog:s3cret@127.0.0.1:${free}/shiplog`;
  for (const args of [['migrate'], ['serve'], ['projects', 'create', '--name', 'A', '--slug', 'a']]) {
    const res = await runCli(args, { DATABASE_URL: url, PORT: '0' });
    expect(res.code, args.join(' ')).toBe(1);
    expect(res.stderr).toBe(
      `shiplog: cannot reach the PostgreSQL server of DATABASE_URL (postgres://shiplog@127.0.0.1:${free}/shiplog): ECONNREFUSED; is it running, and is DATABASE_URL right?\n`,
    );
  }
});
