/**
 * Password reset by email (docs/api.md#accounts-and-sessions): the request answers `202` the same for every
 * address and does the same work (one job); the job emails an account's owner a single-use link valid
 * 1 hour (a real SMTP server receives it); using it sets the password and ends every session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createUser, PASSWORD, signIn } from '../../../helpers/dashboard.ts';
import { linkIn, useInbox } from '../../../helpers/smtp-inbox.ts';

const inbox = useInbox();
const { server } = useTestServer(
  () => ({ SMTP_URL: inbox.url, MAIL_FROM: 'Shiplog <shiplog@example.com>' }),
  { withProject: false },
);
let origin: string;
beforeAll(() => {
  origin = new URL(server.config.publicUrl).origin;
});

const request = (email: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/dashboard/password-reset',
    headers: { origin },
    payload: { email },
  });
const confirm = (token: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/dashboard/password-reset/confirm',
    headers: { origin },
    payload: { token, password },
  });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const jobsFor = (email: string) =>
  server.db.sql<{ state: string }[]>`
    select state from pgboss.job where name = 'account-email' and data->>'email' = ${email}`;

async function resetLink(email: string): Promise<string> {
  expect((await request(email)).statusCode).toBe(202);
  return linkIn(await inbox.next(email), `${server.config.publicUrl}/app/reset?token=`);
}

describe('asking for a reset', () => {
  it('answers an account and an unknown address alike, with one job each; only the account gets an email', async () => {
    const account = await createUser(server);
    const unknown = 'never-signed-up@example.com';
    const a = await request(account.email);
    const b = await request(unknown);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'requested' });
    }
    const mail = await inbox.next(account.email);
    expect(mail.subject).toBe('Reset your Shiplog password');
    expect(mail.text).toContain('works once, for 1 hour');
    // The unknown address's job ran to completion and sent nothing.
    await expect
      .poll(async () => (await jobsFor(unknown)).map((j) => j.state), { timeout: 10_000 })
      .toEqual(['completed']);
    expect(await jobsFor(account.email)).toHaveLength(1);
    expect(inbox.messages.some((m) => m.to?.some((t) => 'address' in t && t.address === unknown))).toBe(
      false,
    );
  });
});

describe('using the link', () => {
  it('sets the password, ends every session, and works once', async () => {
    const account = await createUser(server);
    const session = await signIn(server, account.email);
    const link = await resetLink(account.email);
    expect(link).toMatch(/^https:\/\/changelog\.test\/app\/reset\?token=[A-Za-z0-9_-]{43}$/);

    const short = await confirm(tokenOf(link), 'short');
    expect(short.statusCode).toBe(400);
    const done = await confirm(tokenOf(link), 'a fresh password here');
    expect(done.statusCode).toBe(204);
    const after = await server.app.inject({
      url: '/api/dashboard/session',
      headers: { cookie: session.cookie },
    });
    expect(after.statusCode).toBe(401);
    await expect(signIn(server, account.email, PASSWORD)).rejects.toThrow(/401/);
    await signIn(server, account.email, 'a fresh password here');

    const again = await confirm(tokenOf(link), 'yet another password');
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('not_found');
  });

  it('works once even when used twice at the same moment', async () => {
    const account = await createUser(server);
    const link = await resetLink(account.email);
    const answers = await Promise.all([
      confirm(tokenOf(link), 'first racing password'),
      confirm(tokenOf(link), 'second racing password'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
  });

  it('expires after an hour, and a newer password retires older links', async () => {
    const account = await createUser(server);
    const old = await resetLink(account.email);
    await server.db.sql`
      update account_tokens set expires_at = now() - interval '1 second'
      where token_hash = sha256(convert_to(${tokenOf(old)}, 'UTF8'))`;
    expect((await confirm(tokenOf(old), 'a fresh password here')).statusCode).toBe(404);

    const first = await resetLink(account.email);
    const second = await resetLink(account.email);
    expect((await confirm(tokenOf(second), 'a fresh password here')).statusCode).toBe(204);
    expect((await confirm(tokenOf(first), 'another fresh password')).statusCode).toBe(404);
  });
});
