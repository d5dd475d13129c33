/**
 * A project made from the command line is seen in the dashboard by the people who run it: `shiplog
 * projects create` gives it an owner (`--owner <email>`, or the only account when exactly one exists),
 * and `shiplog members add <slug> <email> --role …` adds one or changes a role. Run as child processes
 * beside a running server (through its admin socket), checked through the dashboard's own session API.
 */
import { describe, expect, it } from 'vitest';
import { runCli, startServe, useCliEnv } from '../helpers/run-cli.ts';
import { linkIn, useInbox } from '../helpers/smtp-inbox.ts';

const PUBLIC_URL = 'https://changelog.example';
// A second account is made the dashboard's way: invited by email (a real SMTP server here), accepted.
const inbox = useInbox();
const env = useCliEnv({
  PUBLIC_URL,
  MAIL_FROM: 'Shiplog <shiplog@example.com>',
  get SMTP_URL() {
    return inbox.url;
  },
});

describe('members from the command line', () => {
  it(
    'gives a new project its owner, adds members with a role, and the dashboard lists their projects',
    { timeout: 240_000 },
    async () => {
      const server = await startServe(env);
      try {
        // Before any account: no member, and the output says how to add one.
        const early = await runCli(
          ['projects', 'create', '--name', 'Early', '--slug', 'early', '--plan', 'pro'],
          env,
        );
        expect(early.code, early.stderr).toBe(0);
        expect(early.stdout).toContain('npx shiplog members add early <email> --role owner');

        const link = /https:\/\/\S+/.exec((await runCli(['setup-link'], env)).stdout)![0];
        const setup = await fetch(`${server.url}/api/dashboard/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
          body: JSON.stringify({
            token: new URL(link).searchParams.get('token'),
            email: 'Owner@Example.com',
            password: 'a long enough password',
            project: { name: 'My app', slug: 'my-app' },
          }),
        });
        expect(setup.status).toBe(201);
        const cookie = setup.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const projects = async () =>
          (
            (await (await fetch(`${server.url}/api/dashboard/session`, { headers: { cookie } })).json()) as {
              projects: { slug: string; role: string }[];
            }
          ).projects
            .map((p) => `${p.slug}:${p.role}`)
            .sort();
        expect(await projects()).toEqual(['my-app:owner']);
        const { csrfToken } = (await setup.json()) as { csrfToken: string };

        // The only account owns what is made from now on; --owner names an account, and must exist.
        const made = await runCli(
          ['projects', 'create', '--name', 'Later', '--slug', 'later', '--json'],
          env,
        );
        expect(made.code, made.stderr).toBe(0);
        expect(JSON.parse(made.stdout)).toMatchObject({
          project: { slug: 'later' },
          owner: 'owner@example.com',
        });
        const unknown = await runCli(
          ['projects', 'create', '--name', 'X', '--slug', 'x', '--owner', 'nobody@example.com'],
          env,
        );
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toMatch(
          /^shiplog: No account with email nobody@example\.com: an account is made by/,
        );

        const added = await runCli(
          ['members', 'add', 'early', 'owner@example.com', '--role', 'publisher'],
          env,
        );
        expect(added.code, added.stderr).toBe(0);
        expect(added.stdout).toBe('Added owner@example.com to early as publisher.\n');
        expect(await projects()).toEqual(['early:publisher', 'later:owner', 'my-app:owner']);
        const promoted = await runCli(
          ['members', 'add', 'early', 'OWNER@example.com', '--role', 'owner', '--json'],
          env,
        );
        expect(JSON.parse(promoted.stdout)).toEqual({
          project: 'early',
          member: { email: 'owner@example.com', role: 'owner' },
          outcome: 'changed',
        });
        // The last owner stays an owner, as in the dashboard.
        const demote = await runCli(
          ['members', 'add', 'early', 'owner@example.com', '--role', 'contributor'],
          env,
        );
        expect(demote.code).toBe(1);
        expect(demote.stderr).toMatch(/last owner cannot be demoted/);
        const usage = await runCli(['members', 'add', 'early', 'owner@example.com', '--role', 'admin'], env);
        expect(usage.code).toBe(2);
        expect(usage.stderr).toMatch(/Allowed choices are owner, publisher, contributor/);
        expect(await projects()).toEqual(['early:owner', 'later:owner', 'my-app:owner']);

        // With two accounts, --owner says which one owns the new project, and without it nobody does.
        const invited = await fetch(`${server.url}/api/dashboard/projects/my-app/members`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: PUBLIC_URL,
            cookie,
            'x-csrf-token': csrfToken,
          },
          body: JSON.stringify({ email: 'second@example.com', role: 'contributor' }),
        });
        expect(invited.status).toBe(201);
        const invitation = linkIn(await inbox.next('second@example.com'), `${PUBLIC_URL}/app/invite?token=`);
        const accepted = await fetch(`${server.url}/api/dashboard/invitations/accept`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
          body: JSON.stringify({
            token: new URL(invitation).searchParams.get('token'),
            password: 'another long password',
          }),
        });
        expect(accepted.status).toBe(200);
        const theirs = await runCli(
          [
            'projects',
            'create',
            '--name',
            'Theirs',
            '--slug',
            'theirs',
            '--owner',
            'Second@Example.com',
            '--json',
          ],
          env,
        );
        expect(theirs.code, theirs.stderr).toBe(0);
        expect(JSON.parse(theirs.stdout)).toMatchObject({
          project: { slug: 'theirs' },
          owner: 'second@example.com',
        });
        const nobodys = await runCli(['projects', 'create', '--name', 'Nobody', '--slug', 'nobodys'], env);
        expect(nobodys.code, nobodys.stderr).toBe(0);
        expect(nobodys.stdout).toContain('npx shiplog members add nobodys <email> --role owner');
        // The first account was not made the owner of either.
        expect(await projects()).toEqual(['early:owner', 'later:owner', 'my-app:owner']);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
  );
});
