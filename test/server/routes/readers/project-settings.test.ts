/**
 * `GET`/`PATCH /api/v1/project` and `POST /api/v1/project/reader-secret` (docs/readers.md#what-an-identified-reader-gets): by key or by the dashboard's session; only owners (and keys) create or rotate the reader
 * secret and change `access`; publishers change the rest; the secret is shown once and never recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
let project: ProjectRow;
const users = {} as Record<'owner' | 'publisher' | 'contributor', SignedInUser>;

beforeAll(async () => {
  project = owner.project;
  for (const role of ['owner', 'publisher', 'contributor'] as const) {
    users[role] = await signedInUser(server, [{ projectId: project.id, role }]);
  }
});

const as = (role: keyof typeof users) => ({ ...users[role].headers, 'shiplog-project': project.slug });
const secretOf = (h: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: '/api/v1/project/reader-secret', headers: h });
const patch = (h: Record<string, string>, payload: object) =>
  server.app.inject({ method: 'PATCH', url: '/api/v1/project', headers: h, payload });

describe('the reader secret', () => {
  it('contributors and publishers cannot create or rotate it (403); owners and keys can', async () => {
    for (const role of ['contributor', 'publisher'] as const) {
      const res = await secretOf(as(role));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const byOwner = await secretOf(as('owner'));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect(byOwner.json()).toEqual({
      secret: expect.stringMatching(/^rsk_/),
      createdAt: expect.any(String),
      previousRetiresAt: null,
    });
    expect((await secretOf(headers)).statusCode).toBe(201);
  });

  it('is shown once: never in the settings, the audit log or the logs', async () => {
    const { secret } = (await secretOf(headers)).json();
    const settings = await server.app.inject({ url: '/api/v1/project', headers });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().project.readerSecret).toEqual({
      createdAt: expect.any(String),
      previousRetiresAt: expect.any(String),
    });
    expect(settings.body).not.toContain(secret);
    const audit = await server.app.inject({
      url: `/api/dashboard/projects/${project.slug}/audit`,
      headers: users.owner.headers,
    });
    expect(audit.json().events.map((e: { action: string }) => e.action)).toContain('reader_secret.rotated');
    expect(audit.body).not.toContain(secret);
  });
});

describe('GET/PATCH /api/v1/project', () => {
  it('reads the settings, access public by default', async () => {
    const res = await server.app.inject({ url: '/api/v1/project', headers: as('contributor') });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      slug: project.slug,
      access: 'public',
      searchLanguage: 'simple',
      position: 'bottom-right',
    });
  });

  it('publishers change the look and the search language, not the access', async () => {
    const look = await patch(as('publisher'), { accent: '#112233', searchLanguage: 'english' });
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json().project).toMatchObject({ accent: '#112233', searchLanguage: 'english' });
    const access = await patch(as('publisher'), { access: 'identified' });
    expect(access.statusCode).toBe(403);
    expect((await patch(as('contributor'), { name: 'Nope' })).statusCode).toBe(403);
  });

  it('owners and keys change the access, which the widget applies at once', async () => {
    const widget = () => server.app.inject({ url: `/api/widget/${project.slug}` });
    expect((await widget()).statusCode).toBe(200);
    const res = await patch(as('owner'), { access: 'identified' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().project.access).toBe('identified');
    expect((await widget()).statusCode).toBe(401);
    expect((await patch(headers, { access: 'public' })).json().project.access).toBe('public');
    expect((await widget()).statusCode).toBe(200);
  });

  it('refuses unknown fields and values (400)', async () => {
    expect((await patch(headers, { access: 'private' })).statusCode).toBe(400);
    expect((await patch(headers, { searchLanguage: 'klingon' })).statusCode).toBe(400);
    expect((await patch(headers, { plan: 'business' })).statusCode).toBe(400);
  });
});
