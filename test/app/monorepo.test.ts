/**
 * Monorepos (docs/github-app.md#github-app, `components`), through `probot.receive`: a repository with three
 * components, two of which list a shared directory. A pull request changing a web file and a shared
 * file drafts one entry for `web` and one for `api` (the shared file touches both), none for `cli`,
 * each from its own paths' commits, tagged with its component, in its own sticky comment; the list
 * filters by component.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { componentOfTag, previousComponentTag, touchedComponents } from '../../core/components.ts';
import { pathPrefixOf } from '../../app/draft-targets.ts';
import { selectPreviousTag } from '../../core/resolve-range.ts';
import {
  GITHUB_API,
  mockRepoConfig,
  pullRequestEvent,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { compareCommits } from '../helpers/release-mocks.ts';
import { COMPONENTS, COMPONENTS_YML } from '../fixtures/monorepo-components.ts';

const { server, headers, scopes, receive } = useAppServer();

const commits = [
  { sha: '1'.repeat(40), message: 'feat(web): add a dark mode toggle' },
  { sha: '2'.repeat(40), message: 'fix(shared): parse dates in UTC' },
].reverse();
/** Which commits touch each directory, as `GET /commits?path=` answers (newest first). */
const TOUCHING: Record<string, string[]> = {
  'packages/web': ['1'.repeat(40)],
  'packages/shared': ['2'.repeat(40)],
  'packages/api': [],
};

describe('components', () => {
  it('match paths with globs (a shared file touches each component listing it) and release tags', () => {
    expect(touchedComponents(COMPONENTS, ['packages/shared/util.ts']).map((c) => c.name)).toEqual([
      'web',
      'api',
    ]);
    expect(touchedComponents(COMPONENTS, ['README.md'])).toEqual([]);
    expect(componentOfTag(COMPONENTS, 'web@1.2.0')).toMatchObject({
      component: { name: 'web' },
      version: '1.2.0',
    });
    expect(componentOfTag(COMPONENTS, 'cli-v2.0.0')).toMatchObject({
      component: { name: 'cli' },
      version: '2.0.0',
    });
    expect(componentOfTag(COMPONENTS, 'v1.2.0')).toBeNull();
    const tags = ['web@1.0.0', 'api@1.1.0', 'web@1.1.0', 'web@1.3.0', 'v9.0.0'];
    expect(previousComponentTag(selectPreviousTag, tags, 'web', 'web@1.2.0')).toBe('web@1.1.0');
    expect(previousComponentTag(selectPreviousTag, tags, 'api', 'api@1.1.0')).toBeNull();
    expect(pathPrefixOf('packages/web/**')).toBe('packages/web');
    expect(pathPrefixOf('**/*.md')).toBe('.');
  });

  it('drafts a pull request per touched component, each tagged and in its own sticky comment', async () => {
    const pr = pullRequestEvent('opened', (p) => (p.number = 30));
    const { base, head } = pr.pull_request;
    const files = [
      { filename: 'packages/web/src/theme.tsx' },
      { filename: 'packages/shared/dates.ts', previous_filename: 'packages/shared/date.ts' },
      { filename: 'README.md' },
    ];
    const posted: string[] = [];
    scopes.push(
      mockRepoConfig(COMPONENTS_YML),
      nock(GITHUB_API)
        .get(`${REPO_PATH}/pulls/30/files`)
        .query(true)
        .reply(200, files)
        .get(`${REPO_PATH}/issues/30/comments`)
        .query(true)
        .reply(200, [])
        .get(`${REPO_PATH}/compare/${base.sha}...${head.sha}`)
        .query(true)
        .times(2)
        .reply(200, { total_commits: 2, commits: compareCommits(commits) })
        .get(`${REPO_PATH}/commits`)
        .query((q) => typeof q.path === 'string')
        .times(4)
        .reply(200, (uri) => {
          const path = new URL(uri, GITHUB_API).searchParams.get('path')!;
          return TOUCHING[path]!.map((sha) => ({ sha }));
        })
        .post(`${REPO_PATH}/issues/30/comments`, (b: { body: string }) => posted.push(b.body) > 0)
        .times(2)
        .reply(201, { id: 1 }),
    );
    await receive('pull_request', pr);
    expect(posted).toHaveLength(2);
    expect(posted[0]).toContain('<!-- shiplog:component web -->');
    expect(posted[0]).toContain('📝 Changelog draft (`web`)');
    expect(posted[1]).toContain('<!-- shiplog:component api -->');

    const list = async (query: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/entries${query}`, headers })).json().entries;
    const all = await list('');
    expect(all.map((e: { component: string }) => e.component).sort()).toEqual(['api', 'web']);
    const [web] = await list('?component=web');
    const [api] = await list('?component=api');
    expect(await list('?component=cli')).toEqual([]);
    const body = async (id: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json().entry.body;
    expect(await body(web.id)).toMatch(/dark mode/i);
    expect(await body(web.id)).toMatch(/UTC/);
    expect(await body(api.id)).toMatch(/UTC/);
    expect(await body(api.id)).not.toMatch(/dark mode/i);
  });
});
