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

/** `n` commits of a linear history, oldest first, as the compare API lists them (each with its parent). */
const commits = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    sha: `sha${from + i}`,
    parents: from + i === 0 ? [] : [{ sha: `sha${from + i - 1}` }],
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

describe('first-parent history: a merged pull request is its merge commit', () => {
  // main: sha0 ← merge(sha0, b2) ← sha3; the branch b1 ← b2 came in with the merge.
  const history = [
    { sha: 'sha0', parents: [], commit: { message: 'feat: start' } },
    { sha: 'b1', parents: [{ sha: 'sha0' }], commit: { message: 'wip: parser' } },
    { sha: 'b2', parents: [{ sha: 'b1' }], commit: { message: 'address review comments' } },
    {
      sha: 'm1',
      parents: [{ sha: 'sha0' }, { sha: 'b2' }],
      commit: { message: 'Merge pull request #12 from octo/parser\n\nAdd a streaming parser' },
    },
    { sha: 'sha3', parents: [{ sha: 'm1' }], commit: { message: 'fix: typo in --help' } },
  ];

  it('walks the compare API from the head along first parents', async () => {
    const scope = nock('https://api.github.com')
      .get(`/repos/${owner}/${repo}/compare/v1...v2`)
      .query({ per_page: '100', page: '1' })
      .reply(200, { total_commits: 4, commits: history.slice(1) });
    const result = await collectFromCompare(octokit, { owner, repo, from: 'v1', to: 'v2' });
    expect(scope.isDone()).toBe(true);
    expect(result.commits.map((c) => c.sha)).toEqual(['sha3', 'm1']);
    expect(result).toMatchObject({ total: 2, truncated: false });
  });

  it('reads `git log --first-parent` from a checkout with a merged branch', async () => {
    const dir = await buildMergedRepo();
    try {
      const result = await collectFromGit(dir.git, { from: 'v1', to: 'v2' });
      expect(result.messages).toEqual([
        'fix: typo in --help',
        'Merge pull request #12 from octo/parser\n\nAdd a streaming parser',
      ]);
      expect(result.commits[0]!.sha).toMatch(/^[0-9a-f]{40}$/);
      expect(result.total).toBe(2);
    } finally {
      await dir.remove();
    }
  });
});

/** A real repository: v1, a branch of two commits merged with --no-ff as pull request #12, a fix, v2. */
async function buildMergedRepo(): Promise<FixtureRepo> {
  const repoDir = await buildFixtureRepo([]);
  const { git } = repoDir;
  await git(['tag', 'v1']);
  await git(['checkout', '-q', '-b', 'parser']);
  await git(['commit', '-q', '--allow-empty', '-m', 'wip: parser']);
  await git(['commit', '-q', '--allow-empty', '-m', 'address review comments']);
  await git(['checkout', '-q', 'main']);
  await git([
    'merge',
    '--no-ff',
    '-q',
    'parser',
    '-m',
    'Merge pull request #12 from octo/parser',
    '-m',
    'Add a streaming parser',
  ]);
  await git(['commit', '-q', '--allow-empty', '-m', 'fix: typo in --help']);
  await git(['tag', 'v2']);
  return repoDir;
}

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
