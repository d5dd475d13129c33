/** Commit collection: the REST path with nock (every scope asserted done) and the local git path. */
import { Octokit } from '@octokit/core';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  collectFromCompare,
  collectFromGit,
  collectPullRequest,
  gitHasRange,
  listTagsFromGit,
} from '../../core/collect-commits.ts';
import { selectPreviousTag } from '../../core/resolve-range.ts';
import { buildFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.ts';
import { loadReleases } from '../fixtures/releases/load-releases.ts';

const octokit = new Octokit({ auth: 'ghs_test' });
const owner = 'BurntSushi';
const repo = 'ripgrep';
afterEach(() => nock.cleanAll());

/** `n` fake commits, oldest first, as the compare API lists them. */
const commits = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    sha: `sha${from + i}`,
    commit: { message: `fix: change ${from + i}` },
  }));

function compareScope(total: number, pages: number[]) {
  const scope = nock('https://api.github.com');
  for (const page of pages) {
    const start = (page - 1) * 100;
    scope
      .get(`/repos/${owner}/${repo}/compare/v1...v2`)
      .query({ per_page: '100', page: String(page) })
      .reply(200, { total_commits: total, commits: commits(Math.min(100, total - start), start) });
  }
  return scope;
}

describe('collectFromCompare', () => {
  it('reads a 500-commit range in 5 calls, newest first', async () => {
    const scope = compareScope(500, [1, 2, 3, 4, 5]);
    const result = await collectFromCompare(octokit, { owner, repo, from: 'v1', to: 'v2' });
    expect(scope.isDone()).toBe(true);
    expect(result).toMatchObject({ total: 500, truncated: false, source: 'api', apiCalls: 5 });
    expect(result.messages[0]).toBe('fix: change 499');
    expect(result.messages.at(-1)).toBe('fix: change 0');
  });

  it('keeps the newest 500 of a larger range, fetching only their pages, and says so', async () => {
    const scope = compareScope(1234, [1, 8, 9, 10, 11, 12, 13]);
    const result = await collectFromCompare(octokit, { owner, repo, from: 'v1', to: 'v2' });
    expect(scope.isDone()).toBe(true);
    expect(result).toMatchObject({ total: 1234, truncated: true, apiCalls: 7 });
    expect(result.messages).toHaveLength(500);
    expect(result.messages[0]).toBe('fix: change 1233');
    expect(result.messages.at(-1)).toBe('fix: change 734');
  });

  it('keeps only commits touching include-paths', async () => {
    const scope = compareScope(3, [1]);
    scope
      .get(`/repos/${owner}/${repo}/commits`)
      .query({ sha: 'v2', path: 'crates/ignore', per_page: '100', page: '1' })
      .reply(200, [{ sha: 'sha2' }, { sha: 'sha0' }, { sha: 'older' }]);
    const result = await collectFromCompare(octokit, {
      owner,
      repo,
      from: 'v1',
      to: 'v2',
      paths: ['crates/ignore'],
    });
    expect(scope.isDone()).toBe(true);
    expect(result.messages).toEqual(['fix: change 2', 'fix: change 0']);
  });
});

describe('collectPullRequest', () => {
  it('pages through the pull request commits', async () => {
    const scope = nock('https://api.github.com')
      .get(`/repos/${owner}/${repo}/pulls/7/commits`)
      .query({ per_page: '100', page: '1' })
      .reply(200, commits(100))
      .get(`/repos/${owner}/${repo}/pulls/7/commits`)
      .query({ per_page: '100', page: '2' })
      .reply(200, commits(20, 100));
    const result = await collectPullRequest(octokit, {
      owner,
      repo,
      number: 7,
      from: 'base',
      to: 'head',
      commitCount: 120,
    });
    expect(scope.isDone()).toBe(true);
    expect(result).toMatchObject({ total: 120, apiCalls: 2, truncated: false });
    expect(result.messages[0]).toBe('fix: change 119');
  });

  it('falls back to compare base...head past the 250 commits the pull request endpoint lists', async () => {
    const scope = nock('https://api.github.com');
    for (const page of [1, 2, 3]) {
      scope
        .get(`/repos/${owner}/${repo}/compare/base...head`)
        .query({ per_page: '100', page: String(page) })
        .reply(200, { total_commits: 300, commits: commits(100, (page - 1) * 100) });
    }
    const result = await collectPullRequest(octokit, {
      owner,
      repo,
      number: 7,
      from: 'base',
      to: 'head',
      commitCount: 300,
    });
    expect(scope.isDone()).toBe(true);
    expect(result).toMatchObject({ total: 300, apiCalls: 3 });
  });
});

describe('local git mode (a repository built from the ripgrep fixtures)', () => {
  const releases = loadReleases().filter(
    (r) => r.repo === 'BurntSushi/ripgrep' && ['14.0.1', '14.0.2', '14.0.3'].includes(r.tag),
  );
  let fixture: FixtureRepo;
  beforeAll(async () => {
    fixture = await buildFixtureRepo(releases, [
      { tag: 'grep-0.3.1', after: '14.0.2' },
      { tag: '14.1.0-rc.1', after: '14.0.3' },
    ]);
  });
  afterAll(() => fixture.remove());

  it('finds the previous release among the tags and reads exactly that release’s commits', async () => {
    const tags = await listTagsFromGit(fixture.git);
    expect(tags).toContain('grep-0.3.1');
    const from = selectPreviousTag(tags, '14.0.3');
    expect(from).toBe('14.0.2');
    expect(await gitHasRange(fixture.git, from, '14.0.3')).toBe(true);
    const result = await collectFromGit(fixture.git, { from, to: '14.0.3' });
    const expected = releases.find((r) => r.tag === '14.0.3')!.commits.map((c) => c.message);
    expect(result).toMatchObject({ total: expected.length, truncated: false, source: 'git', apiCalls: 0 });
    expect(result.messages).toEqual(expected);
  });

  it('truncates past the limit, newest first, and reports a missing end', async () => {
    const result = await collectFromGit(fixture.git, { from: '14.0.0', to: '14.0.3' }, 5);
    expect(result.total).toBe(releases.reduce((n, r) => n + r.commits.length, 0));
    expect(result.truncated).toBe(true);
    expect(result.messages[0]).toBe(releases.at(-1)!.commits[0]!.message);
    expect(await gitHasRange(fixture.git, '0123456789abcdef0123456789abcdef01234567', '14.0.3')).toBe(false);
  });
});
