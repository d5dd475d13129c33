/**
 * `shiplog serve` as a child process, the way a user runs it: a project created with --json, then its
 * key works over HTTP against the server on a real socket, while a second terminal's commands go
 * through the running embedded server (its admin socket); --port and --host over PORT and HOST; a
 * graceful shutdown with a request in flight. The commands' usage and refusals, through `main()` in
 * the test's process, are test/server/cli/shiplog.test.ts (`npm test`).
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCliInProcess, startServe, useCliEnv } from '../helpers/run-cli.ts';

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
      // No account exists yet: no owner (test/cli/members.test.ts covers owners).
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
