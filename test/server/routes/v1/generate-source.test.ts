/**
 * Generate with a `source` (docs/api.md#generate-a-draft-from-commits-and-pull-requests, docs/api.md#entries): one
 * entry per pull request or release, re-drafted in place, kept once a person edited it (unless
 * `regenerate`) or once it is published.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';

const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });

const generate = (payload: object) =>
  server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
const get = async (id: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json().entry;
const count = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=100', headers })).json().entries
    .length as number;

const pr = (n: number, headSha: string, commits: string[], extra: object = {}) => ({
  commits,
  repository: 'Octo-Org/Hello-World',
  source: { pullRequest: n, headSha },
  ...extra,
});

describe('generate with a source', () => {
  it('makes the pull request its entry, re-drafts it on a new head, and records where it came from', async () => {
    const before = await count();
    const first = await generate(pr(7, 'a'.repeat(40), ['feat: add dark mode']));
    expect(first.statusCode).toBe(201);
    const id = first.json().entry.id;
    const stored = await get(id);
    expect(stored.source).toEqual({
      repository: 'octo-org/hello-world',
      pullRequest: 7,
      release: null,
      range: null,
      headSha: 'a'.repeat(40),
    });
    expect(stored.origin).toBe('generate');

    expect(stored.slug).toBe('add-dark-mode');

    const second = await generate(
      pr(7, 'b'.repeat(40), ['feat!: themes replace the dark mode switch', 'fix: crash on resize']),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().entry.id).toBe(id);
    expect(second.json().draft.commits.received).toBe(2);
    const redrafted = await get(id);
    // docs/api.md#generate-a-draft-from-commits-and-pull-requests: a draft's slug follows its re-drafted title.
    expect(redrafted.title).toBe('Themes replace the dark mode switch');
    expect(redrafted.slug).toBe('themes-replace-the-dark-mode-switch');
    expect(redrafted.source.headSha).toBe('b'.repeat(40));
    expect(redrafted.body).toContain('resize');
    expect(await count()).toBe(before + 1);
  });

  it('keeps an entry a person edited, until regenerate; a published one is never re-drafted', async () => {
    const id = (await generate(pr(8, 'c'.repeat(40), ['feat: export to CSV']))).json().entry.id;
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { title: 'CSV export, by hand' },
    });
    expect(patched.json().entry.editedAt).toEqual(expect.any(String));

    const kept = await generate(pr(8, 'd'.repeat(40), ['feat: export to CSV', 'fix: quoting']));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ entry: { id, title: 'CSV export, by hand' }, draft: null });
    expect((await get(id)).source.headSha).toBe('c'.repeat(40));

    const again = await generate(
      pr(8, 'd'.repeat(40), ['feat: export to CSV', 'fix: quoting'], { regenerate: true }),
    );
    expect(again.json().draft).not.toBeNull();
    expect(again.json().entry.editedAt).toBeNull();
    expect((await get(id)).title).not.toBe('CSV export, by hand');

    await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers });
    const published = await get(id);
    const late = await generate(pr(8, 'e'.repeat(40), ['feat: something else'], { regenerate: true }));
    expect(late.json()).toMatchObject({ entry: { id, status: 'published' }, draft: null });
    expect((await get(id)).body).toBe(published.body);
  });

  it('publishes a kept draft when asked, and a release is its own source', async () => {
    const id = (await generate(pr(9, 'f'.repeat(40), ['fix: typo']))).json().entry.id;
    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { body: 'Mine.' },
    });
    const res = await generate(pr(9, 'f'.repeat(40), ['fix: typo'], { publish: true }));
    expect(res.json()).toMatchObject({ entry: { id, status: 'published' }, draft: null });
    expect((await get(id)).body).toBe('Mine.');

    const release = (tag: string) => ({
      commits: ['feat: a'],
      repository: 'octo-org/hello-world',
      version: tag,
      source: { release: tag },
    });
    const r1 = await generate(release('v1.0.0'));
    const r1again = await generate(release('v1.0.0'));
    const r2 = await generate(release('v1.1.0'));
    expect(r1again.json().entry.id).toBe(r1.json().entry.id);
    expect(r2.json().entry.id).not.toBe(r1.json().entry.id);
  });

  it('takes turns: concurrent drafts of one new pull request make one entry', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => generate(pr(10, `${i}`.repeat(40), [`feat: change ${i}`]))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().entry.id)).size).toBe(1);
  });

  it('refuses a source without a repository, with both kinds, or with a bad SHA', async () => {
    for (const payload of [
      { commits: ['x'], source: { pullRequest: 1 } },
      { commits: ['x'], repository: 'o/r', source: { pullRequest: 1, release: 'v1' } },
      { commits: ['x'], repository: 'o/r', source: {} },
      { commits: ['x'], repository: 'o/r', source: { pullRequest: 1, headSha: 'not a sha' } },
    ]) {
      const res = await generate(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
  });
});
