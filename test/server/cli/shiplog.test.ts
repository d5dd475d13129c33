/**
 * The CLI as a user runs it (commands through its entry, `main()`; `serve` as a child process): create a project with --json, then its key works over HTTP against a
 * `shiplog serve` on a real socket; exit codes; delegation to a running embedded server; graceful
 * shutdown with a request in flight.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess, startServe, useCliEnv } from '../../helpers/run-cli.ts';

const env = useCliEnv();

describe('shiplog CLI', () => {
  it('projects create --json prints the project and a key that works over HTTP, also while serve runs', async () => {
    const created = await runCliInProcess(
      ['projects', 'create', '--name', 'Acme', '--slug', 'acme', '--plan', 'pro', '--json'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out).toEqual({
      project: { id: expect.stringMatching(/^prj_/), name: 'Acme', slug: 'acme', plan: 'pro' },
      apiKey: expect.stringMatching(/^shl_[0-9A-Za-z]{36}$/),
      // No account exists yet: no owner (test/server/cli/members.test.ts covers owners).
      owner: null,
    });

    const server = await startServe(env);
    try {
      await server.waitForLog(/GitHub App not mounted \(set APP_ID/);
      // A second terminal: with the embedded database this goes through the server's admin socket.
      const second = await runCliInProcess(
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
      expect(((await widget.json()) as any).entries[0].title).toBe('From the CLI key');

      const update = await runCliInProcess(
        ['projects', 'update', 'beta', '--theme', 'dark', '--accent', '#112233', '--json'],
        env,
      );
      expect(update.code, update.stderr).toBe(0);
      expect(((await (await fetch(`${server.url}/api/widget/beta`)).json()) as any).project.settings).toEqual(
        {
          accent: '#112233',
          position: 'bottom-right',
          theme: 'dark',
        },
      );

      const keys = await runCliInProcess(['keys', 'create', 'beta', '--json'], env);
      const newKey = JSON.parse(keys.stdout);
      expect(newKey.apiKey).toMatch(/^shl_/);
      const list = JSON.parse((await runCliInProcess(['keys', 'list', 'beta', '--json'], env)).stdout);
      expect(list.keys).toHaveLength(2);
      expect(JSON.stringify(list)).not.toContain(newKey.apiKey);
      const revoked = await runCliInProcess(['keys', 'revoke', newKey.key.id], env);
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
    const usage = await runCliInProcess(['projects', 'create', '--name', 'No slug'], env);
    expect(usage.code).toBe(2);
    const unknown = await runCliInProcess(['frobnicate'], env);
    expect(unknown.code).toBe(2);

    const duplicate = await runCliInProcess(['projects', 'create', '--name', 'Again', '--slug', 'acme'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('shiplog: A project with slug "acme" already exists\n');

    const badSlug = await runCliInProcess(['projects', 'create', '--name', 'X', '--slug', 'Not A Slug'], env);
    expect(badSlug.code).toBe(1);
    expect(badSlug.stderr).toMatch(/^shiplog: slug: must be 1-64 characters/);

    const badPlan = await runCliInProcess(['projects', 'update', 'acme', '--plan', 'gold'], env);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toMatch(/'gold' is invalid\. Allowed choices are free, pro, business/);
    const badTheme = await runCliInProcess(['projects', 'update', 'acme', '--theme', 'pink'], env);
    expect(badTheme.code).toBe(2);
    expect(badTheme.stderr).toMatch(/Allowed choices are light, dark, auto/);
    const badAccent = await runCliInProcess(['projects', 'update', 'acme', '--accent', 'red'], env);
    expect(badAccent.code).toBe(2);
    expect(badAccent.stderr).toMatch(/#RRGGBB/);
    const badPort = await runCliInProcess(['serve', '--port', 'eighty'], env);
    expect(badPort.code).toBe(2);
    const noOp = await runCliInProcess(['projects', 'update', 'acme'], env);
    expect(noOp.code).toBe(2);
    expect(noOp.stderr).toMatch(/nothing to update: give at least one of --name, --plan/);

    const badConfig = await runCliInProcess(['migrate'], { ...env, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toMatch(/PORT/);
    expect(badConfig.stderr).toMatch(/LOG_LEVEL/);
    expect(badConfig.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('prints its version, describes every command, and lists the environment under serve --help', async () => {
    const version = await runCliInProcess(['--version'], env);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    for (const group of [[], ['projects'], ['keys']]) {
      const help = await runCliInProcess([...group, '--help'], env);
      expect(help.code).toBe(0);
      const commands = help.stdout.slice(help.stdout.indexOf('Commands:')).split('\n').slice(1);
      // Every listed command has a description after its usage column.
      for (const line of commands.filter((l) => /^ {2}\S/.test(l))) expect(line).toMatch(/\S {2,}\S/);
    }
    const serveHelp = await runCliInProcess(['serve', '--help'], env);
    expect(serveHelp.stdout).toMatch(/--port <port>/);
    expect(serveHelp.stdout).toMatch(/DATABASE_URL/);
  });

  it('serve --port and --host win over PORT and HOST', async () => {
    const server = await startServe({ ...env, PORT: '1', HOST: '0.0.0.0' }, [
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ]);
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('projects create without --plan says the free plan has no API access and how to upgrade', async () => {
    const created = await runCliInProcess(
      ['projects', 'create', '--name', 'Free', '--slug', 'free-one'],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('npx shiplog projects update free-one --plan pro');
    const asJson = await runCliInProcess(
      ['projects', 'create', '--name', 'Free', '--slug', 'free-two', '--json'],
      env,
    );
    expect(JSON.parse(asJson.stdout).project.plan).toBe('free');
    expect(asJson.stderr).toContain('npx shiplog projects update free-two --plan pro');
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const { apiKey } = JSON.parse(
      (
        await runCliInProcess(
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
      // Ordered by what the server logs, not by sleeps: once it has the request (headers sent, body not
      // finished), ask it to stop; once it says it is shutting down, finish the body.
      void (async () => {
        await server.waitForLog(/"msg":"incoming request"/);
        server.child.kill('SIGTERM');
        await server.waitForLog(/shutting down/);
        req.end(body.slice(10));
      })();
    });
    const { status, text } = await response;
    expect(status).toBe(201);
    expect(JSON.parse(text).entry.slug).toBe('sent-slowly');
    expect(await server.exited).toBe(0);
    expect(server.log()).toContain('shutting down');
  });
});

describe('shiplog CLI without a database', () => {
  it('never creates one: keys list in an empty directory exits 1 naming the path and the fix', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'shiplog-empty-'));
    try {
      const result = await runCliInProcess(['keys', 'list', 'my-app'], {
        SHIPLOG_DATA_DIR: join(empty, '.shiplog'),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^shiplog: no Shiplog database in .*\.shiplog: start the server there first/,
      );
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
