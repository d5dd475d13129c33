/**
 * Releases of a monorepo (docs/github-app.md#github-app: "A release tag `name@1.2.0` or `name-v1.2.0` drafts
 * that component only"), through `probot.receive` with real `release.published` payloads: a component's
 * tag drafts that component alone, from its own previous tag, from the commits under its paths, as the
 * version the tag names; a plain tag (`v2.0.0`) drafts each component the range's changed files touch
 * (docs/github-app.md, "A monorepo"), from the previous version tag.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  GITHUB_API,
  mockInstallationToken,
  mockRepoConfig,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { compareCommits, mockPullRequests } from '../helpers/release-mocks.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { COMPONENTS_YML } from '../fixtures/monorepo-components.ts';

// Releases need no comment, so the app never asks for its own login here: only the token.
const { server, headers, scopes, receive } = useAppServer({ auth: mockInstallationToken });

const sha = (c: string) => c.repeat(40);
/** Every commit of the ranges below, newest first, and the directories each touches. */
const COMMITS = [
  { sha: sha('c'), message: 'feat(cli): a --json flag for every command', dirs: ['packages/cli'] },
  { sha: sha('a'), message: 'fix(api): answer 404 for an empty id', dirs: ['packages/api'] },
  { sha: sha('b'), message: 'fix(shared): parse dates in UTC', dirs: ['packages/shared'] },
  { sha: sha('e'), message: 'feat(web): add a dark mode toggle', dirs: ['packages/web'] },
];
const FILES: Record<string, string> = {
  'packages/cli': 'packages/cli/src/main.ts',
  'packages/api': 'packages/api/src/routes.ts',
  'packages/shared': 'packages/shared/dates.ts',
  'packages/web': 'packages/web/src/theme.tsx',
};

function published(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.installation = { id: 1 };
  payload.release.tag_name = tag;
  payload.release.body = '';
  return payload;
}

/**
 * GitHub's answers for the range from..to holding `shas`: the release tags, compare (`compares` calls:
 * the changed files and each drafted component's commits), `GET /commits?path=` for each of `paths`,
 * and the merged pull requests (none) once per drafted component.
 */
function mockRange(options: {
  tags: string[];
  from: string;
  to: string;
  shas: string[];
  compares: number;
  paths: string[];
  drafted: number;
}) {
  const list = COMMITS.filter((c) => options.shas.includes(c.sha));
  const files = [...new Set(list.flatMap((c) => c.dirs))].map((dir) => ({ filename: FILES[dir]! }));
  const scope = nock(GITHUB_API)
    .get(`${REPO_PATH}/releases`)
    .query(true)
    .reply(
      200,
      options.tags.map((tag) => ({ tag_name: tag, draft: false })),
    )
    .get(`${REPO_PATH}/compare/${encodeURIComponent(options.from)}...${encodeURIComponent(options.to)}`)
    .query(true)
    .times(options.compares)
    .reply(200, { total_commits: list.length, commits: compareCommits(list), files });
  for (const path of options.paths)
    scope
      .get(`${REPO_PATH}/commits`)
      .query((q) => q.path === path && q.sha === options.to)
      .reply(
        200,
        list.filter((c) => c.dirs.includes(path)).map((c) => ({ sha: c.sha })),
      );
  scopes.push(scope, mockRepoConfig(COMPONENTS_YML));
  for (let n = 0; n < options.drafted; n++) scopes.push(mockPullRequests());
}

type Listed = { id: string; component: string | null; version: string | null };
async function entriesOf(release: string) {
  const list: Listed[] = (
    await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=100', headers })
  ).json().entries;
  const full = await Promise.all(
    list.map(
      async (e) =>
        (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${e.id}`, headers })).json().entry,
    ),
  );
  return full
    .filter((e) => e.source?.release === release)
    .sort((a, b) => String(a.component).localeCompare(String(b.component)));
}

describe('monorepo releases', () => {
  it('web@1.2.0 drafts web only, from web@1.1.0, from the commits under its paths, as 1.2.0', async () => {
    mockRange({
      tags: ['web@1.2.0', 'api@1.3.0', 'web@1.1.0', 'web@1.0.0', 'v1.0.0'],
      from: 'web@1.1.0',
      to: 'web@1.2.0',
      shas: [sha('a'), sha('b'), sha('e')],
      compares: 1,
      paths: ['packages/web', 'packages/shared'],
      drafted: 1,
    });
    await receive('release', published('web@1.2.0'));
    const entries = await entriesOf('web@1.2.0');
    expect(entries.map((e) => [e.component, e.version])).toEqual([['web', '1.2.0']]);
    expect(entries[0].body).toMatch(/dark mode/i);
    expect(entries[0].body).toMatch(/UTC/);
    expect(entries[0].body).not.toMatch(/404/);
  });

  it('api-v1.1.0 drafts api only, from api-v1.0.0, as 1.1.0', async () => {
    mockRange({
      tags: ['api-v1.1.0', 'web@1.2.0', 'api-v1.0.0'],
      from: 'api-v1.0.0',
      to: 'api-v1.1.0',
      shas: [sha('a'), sha('b'), sha('e')],
      compares: 1,
      paths: ['packages/api', 'packages/shared'],
      drafted: 1,
    });
    await receive('release', published('api-v1.1.0'));
    const entries = await entriesOf('api-v1.1.0');
    expect(entries.map((e) => [e.component, e.version])).toEqual([['api', '1.1.0']]);
    expect(entries[0].body).toMatch(/404/);
    expect(entries[0].body).toMatch(/UTC/);
    expect(entries[0].body).not.toMatch(/dark mode/i);
  });

  it('a plain v2.0.0 drafts each component its range touches, from v1.0.0, as 2.0.0', async () => {
    mockRange({
      tags: ['v2.0.0', 'web@1.2.0', 'v1.0.0', 'api-v1.1.0'],
      from: 'v1.0.0',
      to: 'v2.0.0',
      shas: [sha('c'), sha('a')],
      // The changed files once, then the commits of api and of cli.
      compares: 3,
      paths: ['packages/api', 'packages/shared', 'packages/cli'],
      drafted: 2,
    });
    await receive('release', published('v2.0.0'));
    const entries = await entriesOf('v2.0.0');
    expect(entries.map((e) => [e.component, e.version])).toEqual([
      ['api', '2.0.0'],
      ['cli', '2.0.0'],
    ]);
    expect(entries[0].body).toMatch(/404/);
    expect(entries[0].body).not.toMatch(/--json/);
    expect(entries[1].body).toMatch(/--json/);
    expect(entries[1].body).not.toMatch(/404/);
  });
});
