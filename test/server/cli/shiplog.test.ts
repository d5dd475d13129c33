/**
 * The CLI as a child process: create a project with --json, then its key works over HTTP against a
 * `shiplog serve` on a real socket; exit codes; delegation to a running embedded server; graceful
 * shutdown with a request in flight.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServe } from '../../helpers/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

let database: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  env = {
    SHIPLOG_DATA_DIR: database.dataDir,
    LOG_LEVEL: 'info',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
});
afterAll(() => database.drop());

describe('shiplog CLI', () => {
  it('projects create --json prints the project and a key that works over HTTP, also while serve runs', async () => {
    const created = await runCli(
      ['projects', 'create', '--name', 'Acme', '--slug', 'acme', '--plan', 'pro', '--json'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out).toEqual({
      project: { id: expect.stringMatching(/^prj_/), name: 'Acme', slug: 'acme', plan: 'pro' },
      apiKey: expect.stringMatching(/^shl_[0-9A-Za-z]{36}$/),
    });

    const server = await startServe(env);
    try {
      // A second terminal: with the embedded database this goes through the server's admin socket.
      const second = await runCli(
        ['projects', 'create', '--name', 'Beta', '--slug', 'beta', '--plan', 'business', '--json'],
        env,
      );
      expect(second.code, second.stderr).toBe(0);
      const beta = JSON.parse(second.stdout);

      for (const key of [out.apiKey, beta.apiKey]) {
        const res = await fetch(`${server.url}/api/v1/entries`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'From the CLI key', body: 'It works', publish: true }),
        });
        expect(res.status).toBe(201);
      }
      const widget = await fetch(`${server.url}/api/widget/beta`);
      expect((await widget.json()).entries[0].title).toBe('From the CLI key');

      const update = await runCli(
        ['projects', 'update', 'beta', '--theme', 'dark', '--accent', '#112233', '--json'],
        env,
      );
      expect(update.code, update.stderr).toBe(0);
      expect((await (await fetch(`${server.url}/api/widget/beta`)).json()).project.settings).toEqual({
        accent: '#112233',
        position: 'bottom-right',
        theme: 'dark',
      });

      const keys = await runCli(['keys', 'create', 'beta', '--json'], env);
      const newKey = JSON.parse(keys.stdout);
      expect(newKey.apiKey).toMatch(/^shl_/);
      const list = JSON.parse((await runCli(['keys', 'list', 'beta', '--json'], env)).stdout);
      expect(list.keys).toHaveLength(2);
      expect(JSON.stringify(list)).not.toContain(newKey.apiKey);
      const revoked = await runCli(['keys', 'revoke', newKey.key.id], env);
      expect(revoked.code).toBe(0);
      const refused = await fetch(`${server.url}/api/v1/entries`, {
        headers: { authorization: `Bearer ${newKey.apiKey}` },
      });
      expect(refused.status).toBe(401);
      expect(server.log()).not.toContain(newKey.apiKey);
      expect(server.log()).not.toContain(out.apiKey);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('exits 2 on bad usage and 1 with a one-line message on failure', async () => {
    const usage = await runCli(['projects', 'create', '--name', 'No slug'], env);
    expect(usage.code).toBe(2);
    const unknown = await runCli(['frobnicate'], env);
    expect(unknown.code).toBe(2);

    const duplicate = await runCli(['projects', 'create', '--name', 'Again', '--slug', 'acme'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('shiplog: A project with slug "acme" already exists\n');

    const badSlug = await runCli(['projects', 'create', '--name', 'X', '--slug', 'Not A Slug'], env);
    expect(badSlug.code).toBe(1);
    expect(badSlug.stderr).toMatch(/^shiplog: slug: must be 1-64 characters/);

    const badPlan = await runCli(['projects', 'update', 'acme', '--plan', 'gold'], env);
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toMatch(/^shiplog: plan: /);

    const badConfig = await runCli(['migrate'], { ...env, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toMatch(/PORT/);
    expect(badConfig.stderr).toMatch(/LOG_LEVEL/);
    expect(badConfig.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const { apiKey } = JSON.parse(
      (
        await runCli(
          ['projects', 'create', '--name', 'Grace', '--slug', 'grace', '--plan', 'pro', '--json'],
          env,
        )
      ).stdout,
    );
    const server = await startServe(env);
    const body = JSON.stringify({ title: 'Sent slowly', body: 'x' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/v1/entries`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      // The request is in flight: headers sent, body not finished. Now ask the server to stop.
      setTimeout(() => server.child.kill('SIGTERM'), 300);
      setTimeout(() => req.end(body.slice(10)), 900);
    });
    const { status, text } = await response;
    expect(status).toBe(201);
    expect(JSON.parse(text).entry.slug).toBe('sent-slowly');
    expect(await server.exited).toBe(0);
    expect(server.log()).toContain('shutting down');
  });
});
