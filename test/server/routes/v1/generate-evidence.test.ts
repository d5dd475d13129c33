/**
 * Evidence before words (issue 31, docs/api.md#generate-a-draft-from-commits-and-pull-requests): what the author said
 * decides first, then what the change touched (`commitDetails`, `pullRequests[].files`,
 * `internalPaths`), and only then the words of an untyped subject; `detail` and `sections` shape the
 * draft. Through HTTP with the offline drafter, against the real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  ({ headers } = await server.project('pro'));
});
afterAll(() => server.close());

type Draft = {
  title: string;
  summary: string;
  body: string;
  sections: { category: string; items: string[] }[];
  highlights: string[];
  detail: string;
  profile: { releasesLearned: number };
};

async function draft(payload: object): Promise<Draft> {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().draft;
}

const items = (d: Draft) => d.sections.flatMap((s) => s.items);
const maintenance = (d: Draft) => items(d).find((i) => i.startsWith('Maintenance:')) ?? '';

describe('what a change touched', () => {
  it('keeps a product change its words make sound internal, and folds a docs-only change', async () => {
    const d = await draft({
      commits: [
        'Add instructions for OpenBSD',
        'Add a character table for box drawing',
        'Report unused variables',
      ],
      commitDetails: [
        { index: 0, files: ['README.md'], additions: 6, deletions: 0 },
        { index: 1, files: ['src/table.rs', 'src/main.rs'], additions: 240, deletions: 12 },
        { index: 2, files: ['src/lint/unused.rs'], additions: 40, deletions: 3 },
      ],
    });
    expect(items(d)).toContain('Report unused variables');
    expect(items(d)).toContain('Add a character table for box drawing');
    expect(items(d).some((i) => i.includes('OpenBSD'))).toBe(false);
    expect(maintenance(d)).toMatch(/^Maintenance: 1 internal change/);
    // The title and the summary name the same leading change: the biggest feature, not the README.
    expect(d.title).toBe('Add a character table for box drawing');
    expect(d.summary).toContain('Add a character table for box drawing');
    expect(d.highlights[0]).toBe('Add a character table for box drawing');
    expect(d.profile).toEqual({ releasesLearned: 0 });
    expect(d.detail).toBe('full');
  });

  it('with commitDetails the commits are first-parent: a change pushed beside merges is an item', async () => {
    // Without commitDetails (a plain `git log`), a log of merges lists the merged branches' commits too
    // and only the merges are items; with them, each commit is one the branch itself received.
    const merges = Array.from(
      { length: 3 },
      (_, i) => `Merge pull request #${10 + i} from a/topic-${i}\n\nFix parser case ${i}`,
    );
    const d = await draft({
      commits: ['Add a plain-text export', ...merges],
      commitDetails: [
        { index: 0, files: ['src/export/text.rs'], additions: 80, deletions: 2 },
        ...merges.map((_, i) => ({
          index: i + 1,
          files: [`src/parser/case${i}.rs`],
          additions: 5,
          deletions: 1,
        })),
      ],
    });
    expect(items(d)).toContain('Add a plain-text export');
  });

  it("reads a pull request's files, and the repository's internal paths", async () => {
    const d = await draft({
      commits: [
        'Tidy up the release workflow (#12)',
        'Refresh the Debian packaging',
        'Add --json output (#14)',
      ],
      pullRequests: [
        { number: 12, title: 'Tidy up the release workflow', files: ['.github/workflows/release.yml'] },
        { number: 14, title: 'Add --json output', files: ['src/output.rs'], additions: 90, deletions: 4 },
      ],
      commitDetails: [{ index: 1, files: ['packaging/debian/control', 'packaging/debian/rules'] }],
      internalPaths: ['packaging/**'],
    });
    expect(items(d)).toEqual([
      'Add --json output (#14)',
      expect.stringMatching(/^Maintenance: 2 internal changes/),
    ]);
  });
});

describe('what the author said', () => {
  it('a typed user-facing commit is an item whatever it touched; a typed internal one is Maintenance', async () => {
    const d = await draft({
      commits: [
        'feat: add Discord channel type',
        'docs: explain the channel types',
        'fix(ci): pin the runner',
      ],
      commitDetails: [
        { index: 0, files: ['docs/channels.md'] },
        { index: 1, files: ['src/channels/discord.ts'] },
        { index: 2, files: ['.github/workflows/ci.yml'] },
      ],
    });
    expect(items(d)).toContain('Add Discord channel type');
    expect(maintenance(d)).toMatch(/^Maintenance: 2 internal changes/);
  });

  it('a breaking change pushed straight to the default branch leads the draft', async () => {
    const d = await draft({
      commits: [
        'Add colour themes',
        'Remove the --legacy flag\n\nBREAKING CHANGE: `--legacy` is gone; use `--format=v1` instead.',
      ],
      commitDetails: [
        { index: 0, files: ['src/theme.rs'], additions: 400, deletions: 2 },
        { index: 1, files: ['src/cli.rs'], additions: 3, deletions: 40 },
      ],
    });
    expect(d.body).toMatch(/### Breaking changes\n\n- `--legacy` is gone; use `--format=v1` instead\./);
    expect(d.highlights[0]).toMatch(/--legacy/);
  });

  it('refuses a detail whose index names no commit, at that index, and stores nothing', async () => {
    const { headers: other } = await server.project('pro');
    const post = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url, headers: other, payload });
    const res = await post('/api/v1/entries/generate', {
      commits: ['feat: themes', 'fix: crash'],
      commitDetails: [
        { index: 1, files: ['src/a.ts'] },
        { index: 2, files: ['src/b.ts'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid',
      errors: [{ pointer: '/commitDetails/1/index', detail: 'Must be the index of one of `commits`: 0–1' }],
    });
    // An imported release's details are held to its own commits alike.
    const imported = await post('/api/v1/entries/import', {
      releases: [
        {
          version: '1.0.0',
          publishedAt: '2024-01-01T00:00:00Z',
          notes: '- Themes.',
          commitDetails: [{ index: 0, files: ['src/a.ts'] }],
        },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(400);
    expect(imported.json().errors).toEqual([
      {
        pointer: '/releases/0/commitDetails/0/index',
        detail: 'Must be the index of one of `commits`, and there are none',
      },
    ]);
    expect((await server.app.inject({ url: '/api/v1/entries', headers: other })).json().entries).toEqual([]);
  });
});

describe('detail and sections', () => {
  const commits = [
    'feat: search by tag',
    'feat: export to CSV',
    'fix: crash on empty tag',
    'fix: wrong date in the footer',
    'perf: faster start-up',
  ];

  it('`detail: highlights` gives only the changes the draft leads with', async () => {
    const d = await draft({ commits, detail: 'highlights' });
    expect(d.detail).toBe('highlights');
    expect(items(d)).toHaveLength(3);
    expect(items(d).map((i) => i.toLowerCase())).toEqual(
      expect.arrayContaining(d.highlights.map((h) => h.toLowerCase())),
    );
  });

  it("`sections` writes the repository's own headings, in its order", async () => {
    const d = await draft({
      commits,
      sections: [
        { category: 'fix', heading: 'Bug fixes' },
        { category: 'feature', heading: 'Added' },
      ],
    });
    const headings = [...d.body.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['Bug fixes', 'Added', 'Improvements']);
  });
});
