/**
 * The first-run setup link from the operator's side (docs/api.md#first-run): `shiplog
 * serve` logs one while no account exists; `shiplog setup-link` prints a fresh one, through the running
 * server's admin socket; once the first account exists, no link works and the command fails. The
 * request log never shows a link's token.
 */
import { describe, expect, it } from 'vitest';
import { runCli, startServe, useCliEnv } from '../helpers/run-cli.ts';

const PUBLIC_URL = 'https://changelog.example';
const env = useCliEnv({ PUBLIC_URL });

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('setup links', () => {
  it('serve logs one, setup-link prints another, the first account ends them all', async () => {
    const server = await startServe(env);
    try {
      await server.waitForLog(/no account yet: open \S+/);
      const logged = /no account yet: open (\S+)/.exec(server.log())![1]!;
      expect(logged).toMatch(/^https:\/\/changelog\.example\/app\/setup\?token=[A-Za-z0-9_-]{43}$/);

      const printed = await runCli(['setup-link'], env);
      expect(printed.code, printed.stderr).toBe(0);
      const link = /https:\/\/\S+/.exec(printed.stdout)![0];
      expect(link).toMatch(/^https:\/\/changelog\.example\/app\/setup\?token=/);
      expect(tokenOf(link)).not.toBe(tokenOf(logged));
      const json = await runCli(['setup-link', '--json'], env);
      expect(JSON.parse(json.stdout)).toEqual({
        url: expect.stringMatching(/^https:\/\/changelog\.example\/app\/setup\?token=/),
      });

      for (const l of [logged, link]) {
        expect((await fetch(`${server.url}/api/dashboard/setup/${tokenOf(l)}`)).status).toBe(200);
      }
      const setup = await fetch(`${server.url}/api/dashboard/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        body: JSON.stringify({
          token: tokenOf(link),
          email: 'owner@example.com',
          password: 'a long enough password',
          project: { name: 'My app', slug: 'my-app' },
        }),
      });
      expect(setup.status).toBe(201);
      expect((await fetch(`${server.url}/api/dashboard/setup/${tokenOf(logged)}`)).status).toBe(404);

      const refused = await runCli(['setup-link'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^shiplog: an account exists already: sign in at https:\/\/changelog\.example\/app/,
      );
      // The link printed by the CLI (and used in a path and a body) never reached the server's log.
      expect(server.log()).not.toContain(tokenOf(link));
      expect(server.log()).toContain('/api/dashboard/setup/[redacted]');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
