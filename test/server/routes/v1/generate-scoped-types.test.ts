/**
 * Scoped types (docs/drafting.md, "What decides, in order"): `feat(<scope>):` and `fix(<scope>):` are
 * items whatever the scope's word, unless the change's files are only CI, build, test or docs files.
 * Through HTTP with the offline drafter, against the real database.
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

type Draft = { title: string; sections: { category: string; items: string[] }[] };

async function draft(payload: object): Promise<Draft> {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().draft;
}

const items = (d: Draft) => d.sections.flatMap((s) => s.items);
const section = (d: Draft, category: string) => d.sections.find((s) => s.category === category)?.items ?? [];
const maintenance = (d: Draft) => items(d).find((i) => i.startsWith('Maintenance:')) ?? '';

const PROBES = [
  'feat(ci): add a --ci flag that turns off prompts',
  'feat(build): build plugins from a local folder',
  'feat(test): expose fixture files to user plugins',
  'fix(ci): GitHub Actions annotations point at the wrong line',
];

describe('a user-facing type with a scope that names internal work', () => {
  it('is an item whatever the scope says, when its files are unknown', async () => {
    const d = await draft({ commits: PROBES });
    expect(section(d, 'feature')).toEqual([
      '**ci**: Add a --ci flag that turns off prompts',
      '**build**: Build plugins from a local folder',
      '**test**: Expose fixture files to user plugins',
    ]);
    expect(section(d, 'fix')).toEqual(['**ci**: Fix GitHub Actions annotations point at the wrong line']);
    expect(maintenance(d)).toBe('');
  });

  it('is an item when it touched the product, and Maintenance when it touched only CI, build, tests or docs', async () => {
    const d = await draft({
      commits: [...PROBES, 'feat(docs): a page about plugins', 'fix(test): flaky snapshot on Windows'],
      commitDetails: [
        { index: 0, files: ['src/cli/flags.ts', 'src/prompt.ts'], additions: 40, deletions: 4 },
        { index: 1, files: ['packages/build/src/local.ts'], additions: 60, deletions: 2 },
        { index: 2, files: ['src/plugins/fixture-files.ts'], additions: 30, deletions: 0 },
        { index: 3, files: ['src/report/annotations.ts'], additions: 5, deletions: 3 },
        { index: 4, files: ['docs/plugins.md'], additions: 80, deletions: 0 },
        {
          index: 5,
          files: ['test/snapshot.test.ts', '.github/workflows/ci.yml'],
          additions: 4,
          deletions: 1,
        },
      ],
    });
    expect(items(d)).toEqual(
      expect.arrayContaining([
        '**ci**: Add a --ci flag that turns off prompts',
        '**build**: Build plugins from a local folder',
        '**test**: Expose fixture files to user plugins',
        '**ci**: Fix GitHub Actions annotations point at the wrong line',
      ]),
    );
    expect(items(d)).toHaveLength(5);
    expect(items(d).some((i) => /page about plugins|flaky/i.test(i))).toBe(false);
    expect(maintenance(d)).toBe('Maintenance: 2 internal changes (docs, tests)');
  });

  it('keeps an internal type Maintenance whatever it touched', async () => {
    const d = await draft({
      commits: ['ci: cache the toolchain', 'feat: export the parser'],
      commitDetails: [
        { index: 0, files: ['src/toolchain.ts'], additions: 9, deletions: 1 },
        { index: 1, files: ['src/parser.ts'], additions: 30, deletions: 1 },
      ],
    });
    expect(items(d)).toContain('Export the parser');
    expect(maintenance(d)).toMatch(/^Maintenance: 1 internal change/);
  });
});
