/**
 * The entry editor's segment picker (issue 33): `GET /api/dashboard/projects/{slug}/segments` lists the
 * distinct segment names of the project's entries (drafts too), alphabetical, to any member who may
 * read entries; never another project's; signed out or not a member is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { type SignedInUser, signedInUser, useSignedInUser } from '../../../helpers/dashboard.ts';

const { server, headers: keyHeaders, owner } = useTestServer({}, { workers: false });
const contributor = useSignedInUser(server, () => [{ projectId: owner.project.id, role: 'contributor' }]);
let outsider: SignedInUser;

beforeAll(async () => {
  const other = await server.project('pro');
  outsider = await signedInUser(server, [{ projectId: other.project.id, role: 'owner' }]);
  await createEntry(server.app, keyHeaders, { title: 'For all', publish: true });
  await createEntry(server.app, keyHeaders, {
    title: 'Beta',
    segments: ['beta', 'enterprise'],
    publish: true,
  });
  await createEntry(server.app, keyHeaders, { title: 'Draft', segments: ['alpha testers', 'beta'] });
  await createEntry(server.app, other.headers, { title: 'Elsewhere', segments: ['secret-customer'] });
});

const segments = (headers: Record<string, string>, slug = owner.project.slug) =>
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
