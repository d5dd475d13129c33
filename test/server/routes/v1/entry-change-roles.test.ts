/**
 * One rule for changing an entry, whatever the path (issue 30, item 2; docs/api.md#roles):
 * a contributor may change drafts, but not a scheduled or published entry, neither by PATCH nor by a
 * re-draft through generate (`source`, with or without `regenerate`). A publisher (or a key) may.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { useMemberHeaders } from '../../../helpers/dashboard.ts';

const {
  server,
  headers: keyHeaders,
  owner,
} = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
const contributor = useMemberHeaders(server, () => owner.project, 'contributor');

const generateBody = (pullRequest: number, commits: string[], extra: object = {}) => ({
  commits,
  repository: 'octo/app',
  source: { pullRequest },
  ...extra,
});

async function generate(headers: Record<string, string>, payload: object) {
  return server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
}

/** The entry as stored; its `previewUrl` is left out: it is signed anew, with a later expiry, on every read. */
async function entry(id: string) {
  const res = await server.app.inject({ url: `/api/v1/entries/${id}`, headers: keyHeaders });
  const { previewUrl: _signedOnRead, ...stored } = res.json().entry;
  return stored;
}

describe('a scheduled entry', () => {
  let id: string;
  let before: Record<string, unknown>;
  beforeAll(async () => {
    const drafted = await generate(keyHeaders, generateBody(7, ['feat: dark mode (#7)']));
    expect(drafted.statusCode).toBe(201);
    id = drafted.json().entry.id;
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await server.app.inject({
      method: 'POST',
      url: `/api/v1/entries/${id}/publish`,
      headers: keyHeaders,
      payload: { at },
    });
    expect(scheduled.statusCode).toBe(200);
    before = await entry(id);
    expect(before.scheduledFor).toBe(at);
  });

  it('a contributor cannot PATCH it (403)', async () => {
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers: contributor,
      payload: { title: 'Contributor text' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('a contributor cannot re-draft it through generate, with or without regenerate (403)', async () => {
    for (const extra of [{}, { regenerate: true }]) {
      const res = await generate(contributor, generateBody(7, ['fix: something else entirely (#7)'], extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect(await entry(id)).toEqual(before);
  });

  it("a contributor's regenerate leaves a publisher's edit and its editedAt as they were", async () => {
    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers: keyHeaders,
      payload: { title: 'Dark mode, reviewed' },
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await entry(id);
    expect(afterEdit.editedAt).not.toBeNull();
    const res = await generate(contributor, generateBody(7, ['fix: rewrite (#7)'], { regenerate: true }));
    expect(res.statusCode).toBe(403);
    expect(await entry(id)).toEqual(afterEdit);
  });

  it('a key (publisher rights) may still re-draft it; the schedule stays', async () => {
    const res = await generate(
      keyHeaders,
      generateBody(7, ['feat: dark mode everywhere (#7)'], { regenerate: true }),
    );
    expect(res.statusCode).toBe(200);
    const now = await entry(id);
    expect(now.title).not.toBe(before.title);
    expect(now.scheduledFor).toBe(before.scheduledFor);
  });
});

describe('a plain draft', () => {
  it('a contributor may re-draft and PATCH it', async () => {
    const drafted = await generate(keyHeaders, generateBody(8, ['feat: search (#8)']));
    expect(drafted.statusCode).toBe(201);
    const id = drafted.json().entry.id;
    const redrafted = await generate(contributor, generateBody(8, ['feat: full-text search (#8)']));
    expect(redrafted.statusCode).toBe(200);
    expect(redrafted.json().entry.id).toBe(id);
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers: contributor,
      payload: { title: 'Search, by a contributor' },
    });
    expect(patched.statusCode).toBe(200);
  });
});

describe('a published entry', () => {
  it('a contributor cannot PATCH it (403); a key can', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: keyHeaders,
      payload: { title: 'Live', body: 'x', publish: true },
    });
    const id = created.json().entry.id;
    const byContributor = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers: contributor,
      payload: { body: 'changed' },
    });
    expect(byContributor.statusCode).toBe(403);
    const byKey = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers: keyHeaders,
      payload: { body: 'changed' },
    });
    expect(byKey.statusCode).toBe(200);
  });
});
