/**
 * A promise rejected with no handler inside `shiplog serve` (docs/deployment.md#scaling): one that
 * says the database is unreachable is logged and the server stays up (CI once saw a server shut down
 * during a PostgreSQL outage on an abandoned query's ECONNRESET); any other is a defect, and the server
 * shuts down gracefully with exit code 1. The rejection is made by a preload on SIGWINCH
 * (test/fixtures/processes/reject-on-signal.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Served, startServe } from '../helpers/run-cli.ts';

const PRELOAD = join(import.meta.dirname, '../fixtures/processes/reject-on-signal.ts');

describe('a promise rejected with nobody waiting for it, in shiplog serve', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  async function serveWith(rejection: 'database' | 'defect'): Promise<Served> {
    const dataDir = await mkdtemp(join(tmpdir(), 'shiplog-rejection-'));
    const server = await startServe({
      SHIPLOG_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_OPTIONS: `--import ${PRELOAD}`,
      SHIPLOG_TEST_REJECTION: rejection,
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    });
    return server;
  }

  it('is logged and the server stays up when it says the database is unreachable', async () => {
    const server = await serveWith('database');
    server.child.kill('SIGWINCH');
    await server.waitForLog(/nobody waiting for it: the database is unreachable/);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.log()).not.toMatch(/shutting down/);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.log().slice(-2000)).toBe(0);
  });

  it('shuts the server down gracefully with exit code 1 when it is anything else', async () => {
    const server = await serveWith('defect');
    server.child.kill('SIGWINCH');
    expect(await server.exited, server.log().slice(-2000)).toBe(1);
    expect(server.log()).toMatch(/shutting down after an error/);
    expect(server.log()).toMatch(/reading 'id'/);
  });
});
