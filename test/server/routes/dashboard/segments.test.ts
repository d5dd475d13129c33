/**
 * The entry editor's segment picker (issue 33): `GET /api/dashboard/projects/{slug}/segments` lists the
 * distinct segment names of the project's entries (drafts too), alphabetical, to any member who may
 * read entries; never another project's; signed out or not a member is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

let server: TestServer;
let project: ProjectRow;
let contributor: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  const made = await server.project('pro');
  project = made.project;
  const other = await server.project('pro');
  contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
  outsider = await signedInUser(server, [{ projectId: other.project.id, role: 'owner' }]);
  await createEntry(server.app, made.headers, { title: 'For all', publish: true });
  await createEntry(server.app, made.headers, {
    title: 'Beta',
    segments: ['beta', 'enterprise'],
    publish: true,
  });
  await createEntry(server.app, made.headers, { title: 'Draft', segments: ['alpha testers', 'beta'] });
  await createEntry(server.app, other.headers, { title: 'Elsewhere', segments: ['secret-customer'] });
});
afterAll(() => server.close());

const segments = (headers: Record<string, string>, slug = project.slug) =>
  server.app.inject({ method: 'GET', url: `/api/dashboard/projects/${slug}/segments`, headers });

describe('GET /api/dashboard/projects/{slug}/segments', () => {
  it("lists each segment of the project's entries once, alphabetically, drafts included", async () => {
    const res = await segments(contributor.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ segments: ['alpha testers', 'beta', 'enterprise'] });
  });

  it('refuses the signed-out and members of other projects', async () => {
    expect((await segments({})).statusCode).toBe(401);
    const foreign = await segments(outsider.headers);
    expect([403, 404]).toContain(foreign.statusCode);
    expect(foreign.body).not.toContain('beta');
  });
});
