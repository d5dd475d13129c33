/**
 * The title rule (docs/drafting.md, "The headline rule"): the title, the summary's lead and the first
 * highlight name one change, and it is never a change that touched only docs, tests, CI or tooling,
 * nor one of a kind the project's drafting profile leaves out, in `full` and `highlights` detail.
 * Through HTTP with the offline drafter, against the real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
});
afterAll(() => server.close());

type Draft = {
  title: string;
  summary: string;
  highlights: string[];
  sections: { category: string; items: string[] }[];
  profile: { releasesLearned: number };
};

async function draft(headers: Record<string, string>, payload: object): Promise<Draft> {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().draft;
}

const items = (d: Draft) => d.sections.flatMap((s) => s.items);

/** A typed feature that touched only the docs and the README, beside a smaller product fix. */
const DOCS_FEATURE = {
  commits: ['feat: add a guide to writing plugins', 'fix: crash on an empty config file'],
  commitDetails: [
    { index: 0, files: ['docs/plugins.md', 'README.md'], additions: 400, deletions: 10 },
    { index: 1, files: ['src/config.rs'], additions: 6, deletions: 1 },
  ],
};

describe('what may lead a draft', () => {
  it('never a change that touched only docs: the product fix leads, in full detail', async () => {
    const { headers } = await server.project('pro');
    const d = await draft(headers, DOCS_FEATURE);
    // The author typed it a feature: it stays an item, but it does not speak for the release.
    expect(items(d)).toContain('Add a guide to writing plugins');
    expect(d.title).toBe('Fix crash on an empty config file');
    expect(d.highlights[0]).toBe(d.title);
    expect(d.summary).toContain(`Highlights: ${d.title}.`);
  });

  it('in highlights detail too: the first highlight is the title, and the docs-only change is not one', async () => {
    const { headers } = await server.project('pro');
    const d = await draft(headers, { ...DOCS_FEATURE, detail: 'highlights' });
    expect(d.title).toBe('Fix crash on an empty config file');
    expect(d.highlights).toEqual(['Fix crash on an empty config file']);
    expect(items(d)).toEqual(['Fix crash on an empty config file']);
  });

  it('a change scoped like internal work leads only when no other change can', async () => {
    const { headers } = await server.project('pro');
    const d = await draft(headers, {
      commits: ['feat(website): serve the docs from a versioned copy', 'feat: add a --quiet flag'],
      commitDetails: [
        { index: 0, files: ['website/config.ts', 'cmd/release/main.go'], additions: 300, deletions: 20 },
        { index: 1, files: ['cmd/flags.go'], additions: 12, deletions: 0 },
      ],
    });
    expect(d.title).toBe('Add a --quiet flag');
    expect(items(d)).toContain('**website**: Serve the docs from a versioned copy');
  });

  it('never a kind the profile leaves out, once its replay proved the listing', async () => {
    const { headers } = await server.project('pro');
    // A project whose notes list its fixes and never its features.
    const releases = [1, 2, 3, 4, 5, 6].map((n) => ({
      version: `2.${n}.0`,
      publishedAt: new Date(Date.UTC(2024, n, 1)).toISOString(),
      notes: `- Fixed the crash when queue ${n} is empty\n`,
      // An untyped improvement, never listed either: leaving its kind out is what the replay can
      // show gains precision, so the learned listing is applied (a typed feature stays an item).
      commits: [
        `feat: add export format number ${n}`,
        `fix: crash when queue ${n} is empty`,
        `Improve the speed of queue ${n}`,
      ],
      commitDetails: [
        { index: 0, files: [`src/export/format${n}.rs`], additions: 120, deletions: 4 },
        { index: 1, files: [`src/queue${n}.rs`], additions: 8, deletions: 2 },
        { index: 2, files: [`src/queue${n}.rs`], additions: 30, deletions: 12 },
      ],
    }));
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers,
      payload: { releases },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().profile).toEqual({ releasesLearned: 6 });
    const next = {
      commits: ['feat: add Parquet export', 'fix: crash when the cache is cold'],
      commitDetails: [
        { index: 0, files: ['src/export/parquet.rs'], additions: 300, deletions: 10 },
        { index: 1, files: ['src/cache.rs'], additions: 5, deletions: 1 },
      ],
    };
    const d = await draft(headers, next);
    expect(d.profile).toEqual({ releasesLearned: 6 });
    // The replay proved the learned listing (docs/drafting.md "The profile proves itself"): the
    // features this project leaves out are not listed, and what leads is a change of a kind it keeps.
    expect(items(d)).not.toContain('Add Parquet export');
    expect(d.title).toBe('Fix crash when the cache is cold');
    expect(d.highlights[0]).toBe(d.title);
    // Without a profile the feature leads, as the importance rule says.
    const plain = await draft((await server.project('pro')).headers, next);
    expect(plain.title).toBe('Add Parquet export');
  });
});
