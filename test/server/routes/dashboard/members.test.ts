/**
 * Members and invitations over HTTP (docs/api.md#roles): an
 * owner invites by email (a real SMTP server receives it), someone new accepts by setting a password,
 * someone with an account accepts signed in as it; roles change; the last owner can neither leave nor
 * be demoted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import {
  createUser,
  sessionCookieOf,
  type SignedInUser,
  signedInUser,
  useSignedInUser,
  signIn,
} from '../../../helpers/dashboard.ts';
import { linkIn, useInbox } from '../../../helpers/smtp-inbox.ts';

const inbox = useInbox();
const { server, owner: created } = useTestServer(
  () => ({ SMTP_URL: inbox.url, MAIL_FROM: 'Shiplog <shiplog@example.com>' }),
  { plan: 'free' },
);
let project: ProjectRow;
let origin: string;
beforeAll(() => {
  project = created.project;
  origin = new URL(server.config.publicUrl).origin;
});
const owner = useSignedInUser(server, () => [{ projectId: project.id, role: 'owner' }]);

const members = `/api/dashboard/projects/${'{slug}'}/members`;
const url = (path: string) => path.replace('{slug}', project.slug);
const invite = (email: string, role = 'contributor', as: SignedInUser = owner) =>
  server.app.inject({ method: 'POST', url: url(members), headers: as.headers, payload: { email, role } });
const accept = (payload: object, headers: Record<string, string> = { origin }) =>
  server.app.inject({ method: 'POST', url: '/api/dashboard/invitations/accept', headers, payload });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function invitationLink(email: string, role = 'contributor'): Promise<string> {
  const res = await invite(email, role);
  expect(res.statusCode).toBe(201);
  const mail = await inbox.next(email);
  return linkIn(mail, `${server.config.publicUrl}/app/invite?token=`);
}

describe('an invitation to someone new', () => {
  it('is emailed; the link shows the invitation, and accepting sets a password and signs in, once', async () => {
    const res = await invite('New.Person@Example.com', 'publisher');
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toMatchObject({ email: 'new.person@example.com', role: 'publisher' });
    const days = (Date.parse(res.json().invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await inbox.next('new.person@example.com');
    expect(mail.subject).toBe(`You are invited to ${project.name} on Shiplog`);
    expect(mail.text).toContain(`${owner.email} invited you`);
    const link = linkIn(mail, `${server.config.publicUrl}/app/invite?token=`);

    const view = await server.app.inject(`/api/dashboard/invitations/${tokenOf(link)}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().invitation).toMatchObject({
      project: { name: project.name, slug: project.slug },
      email: 'new.person@example.com',
      role: 'publisher',
      accountExists: false,
    });

    const noPassword = await accept({ token: tokenOf(link) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors[0].pointer).toBe('/password');
    const accepted = await accept({ token: tokenOf(link), password: 'my own new password' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().projects).toEqual([
      expect.objectContaining({ slug: project.slug, role: 'publisher' }),
    ]);
    const cookie = sessionCookieOf(accepted.headers['set-cookie']);
    expect((await server.app.inject({ url: '/api/dashboard/session', headers: { cookie } })).statusCode).toBe(
      200,
    );
    await signIn(server, 'new.person@example.com', 'my own new password');

    expect((await accept({ token: tokenOf(link), password: 'my own new password' })).statusCode).toBe(404);
    expect((await server.app.inject(`/api/dashboard/invitations/${tokenOf(link)}`)).statusCode).toBe(404);
  });

  it('is refused after 7 days, and when withdrawn', async () => {
    const expiring = await invitationLink('late@example.com');
    await server.db
      .sql`update invitations set expires_at = now() - interval '1 second' where email = 'late@example.com'`;
    expect((await accept({ token: tokenOf(expiring), password: 'a long password' })).statusCode).toBe(404);

    const withdrawn = await invitationLink('withdrawn@example.com');
    const list = await server.app.inject({ url: url(members), headers: owner.headers });
    const pending = list
      .json()
      .invitations.find((i: { email: string }) => i.email === 'withdrawn@example.com');
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/projects/${project.slug}/invitations/${pending.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await accept({ token: tokenOf(withdrawn), password: 'a long password' })).statusCode).toBe(404);
  });
});

describe('an invitation to an existing account', () => {
  it('is accepted signed in as that account: signed out 401, as someone else 403', async () => {
    const account = await createUser(server);
    const stranger = await signedInUser(server);
    const link = await invitationLink(account.email);
    const view = await server.app.inject(`/api/dashboard/invitations/${tokenOf(link)}`);
    expect(view.json().invitation.accountExists).toBe(true);

    expect((await accept({ token: tokenOf(link) })).statusCode).toBe(401);
    expect((await accept({ token: tokenOf(link) }, stranger.headers)).statusCode).toBe(403);
    const me = await signIn(server, account.email);
    const { 'x-csrf-token': _t, ...noToken } = me.headers;
    expect((await accept({ token: tokenOf(link) }, noToken)).statusCode).toBe(403);
    const accepted = await accept({ token: tokenOf(link) }, me.headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['set-cookie']).toBeUndefined();
    expect(accepted.json().csrfToken).toBe(me.csrfToken);
    expect(accepted.json().projects).toEqual([
      expect.objectContaining({ slug: project.slug, role: 'contributor' }),
    ]);
  });

  it('is 409 for an address that is a member already', async () => {
    const res = await invite(owner.email);
    expect(res.statusCode).toBe(409);
  });
});

describe('roles and leaving', () => {
  it('members see each other; only owners see pending invitations', async () => {
    const contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
    const asContributor = await server.app.inject({ url: url(members), headers: contributor.headers });
    expect(asContributor.statusCode).toBe(200);
    expect(asContributor.json().invitations).toBeNull();
    expect(asContributor.json().members).toContainEqual({
      userId: owner.id,
      email: owner.email,
      role: 'owner',
      joinedAt: expect.any(String),
    });
    const asOwner = await server.app.inject({ url: url(members), headers: owner.headers });
    expect(Array.isArray(asOwner.json().invitations)).toBe(true);
  });

  it('the last owner can neither be demoted nor leave (409); with a second owner, they can', async () => {
    const { project: solo } = await server.project('free');
    const first = await signedInUser(server, [{ projectId: solo.id, role: 'owner' }]);
    const second = await signedInUser(server, [{ projectId: solo.id, role: 'contributor' }]);
    const base = `/api/dashboard/projects/${solo.slug}/members`;
    const setRole = (who: SignedInUser, target: string, role: string) =>
      server.app.inject({
        method: 'PATCH',
        url: `${base}/${target}`,
        headers: who.headers,
        payload: { role },
      });
    const remove = (who: SignedInUser, target: string) =>
      server.app.inject({ method: 'DELETE', url: `${base}/${target}`, headers: who.headers });

    const demote = await setRole(first, first.id, 'publisher');
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('conflict');
    expect((await remove(first, first.id)).statusCode).toBe(409);
    // Someone not an owner can neither change roles nor remove others.
    expect((await setRole(second, second.id, 'owner')).statusCode).toBe(403);
    expect((await remove(second, first.id)).statusCode).toBe(403);

    const promoted = await setRole(first, second.id, 'owner');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member).toMatchObject({ userId: second.id, role: 'owner' });
    expect((await remove(first, first.id)).statusCode).toBe(204);
    // Now `second` is the last owner.
    expect((await setRole(second, second.id, 'contributor')).statusCode).toBe(409);
    const left = await server.app.inject({ url: base, headers: first.headers });
    expect(left.statusCode).toBe(403);
  });

  it('any member may leave on their own', async () => {
    const { project: p } = await server.project('free');
    await signedInUser(server, [{ projectId: p.id, role: 'owner' }]);
    const leaver = await signedInUser(server, [{ projectId: p.id, role: 'contributor' }]);
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/projects/${p.slug}/members/${leaver.id}`,
      headers: leaver.headers,
    });
    expect(res.statusCode).toBe(204);
    const session = await server.app.inject({
      url: '/api/dashboard/session',
      headers: { cookie: leaver.cookie },
    });
    expect(session.json().projects).toEqual([]);
  });
});
