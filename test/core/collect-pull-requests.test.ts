/**
 * The merged pull requests of a range through GraphQL (`associatedPullRequests`, one query per 100
 * commits) and GitHub's generate-notes endpoint (first contributions), with nock: every scope done.
 * Response bodies follow GitHub's GraphQL schema (PullRequest: number, title, body, merged,
 * mergeCommit.oid, author { login __typename }, labels, closingIssuesReferences).
 */
import { Octokit } from '@octokit/core';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { collectPullRequests, firstContributionsOf } from '../../core/collect-pull-requests.ts';

const octokit = new Octokit({ auth: 'ghs_test' });
const repo = { owner: 'orhun', repo: 'git-cliff' };
afterEach(() => nock.cleanAll());

const sha = (n: number) => n.toString(16).padStart(40, 'a');

const pr = (number: number, fields: Record<string, unknown> = {}) => ({
  number,
  title: `Pull request ${number}`,
  body: null,
  merged: true,
  mergeCommit: { oid: sha(number) },
  author: { login: 'orhun', __typename: 'User' },
  labels: { nodes: [] },
  closingIssuesReferences: { nodes: [] },
  ...fields,
});

describe('collectPullRequests', () => {
  it('asks each commit for its pull request in one query per 100, and credits first contributions', async () => {
    const commits = [
      { sha: sha(1210), message: 'feat(config): support a template file (#1210)' },
      { sha: sha(9001), message: 'fix: handle an empty range' }, // rebase-merged into #1208
      { sha: sha(1208), message: 'fix: handle an empty range, again' }, // #1208's merge commit
      { sha: sha(7), message: 'chore(release): prepare for v2.9.0' }, // pushed directly
    ];
    let query = '';
    const scope = nock('https://api.github.com')
      .post('/graphql', (body: { query: string; variables: object }) => {
        query = body.query;
        return JSON.stringify(body.variables) === JSON.stringify(repo);
      })
      .reply(200, {
        data: {
          repository: {
            c0: {
              associatedPullRequests: {
                nodes: [
                  pr(1210, {
                    title: 'feat(config): support a template file',
                    body: 'Adds `--template`.\n\n## Release notes\n\n- Templates can live in a file',
                    author: { login: 'first-timer', __typename: 'User' },
                    labels: { nodes: [{ name: 'feature' }] },
                    closingIssuesReferences: { nodes: [{ number: 1190 }] },
                  }),
                ],
              },
            },
            c1: { associatedPullRequests: { nodes: [pr(1208, { title: 'fix: handle an empty range' })] } },
            c2: { associatedPullRequests: { nodes: [pr(1208, { title: 'fix: handle an empty range' })] } },
            c3: { associatedPullRequests: { nodes: [] } },
          },
        },
      })
      .post('/repos/orhun/git-cliff/releases/generate-notes', {
        tag_name: 'v2.9.0',
        previous_tag_name: 'v2.8.0',
      })
      .reply(200, {
        name: 'v2.9.0',
        body: "## What's Changed\n* feat(config): support a template file by @first-timer in https://github.com/orhun/git-cliff/pull/1210\n\n## New Contributors\n* @first-timer made their first contribution in https://github.com/orhun/git-cliff/pull/1210\n\n**Full Changelog**: https://github.com/orhun/git-cliff/compare/v2.8.0...v2.9.0",
      });

    const result = await collectPullRequests(octokit, repo, commits, {
      tag: 'v2.9.0',
      previousTag: 'v2.8.0',
    });
    expect(scope.isDone()).toBe(true);
    expect(query).toContain(`c3: object(oid: "${sha(7)}")`);
    expect(result.apiCalls).toBe(2);
    expect(result.pullRequests).toEqual([
      {
        number: 1210,
        title: 'feat(config): support a template file',
        body: 'Adds `--template`.\n\n## Release notes\n\n- Templates can live in a file',
        labels: ['feature'],
        author: 'first-timer',
        firstContribution: true,
        closes: [1190],
      },
      {
        number: 1208,
        title: 'fix: handle an empty range',
        body: null,
        labels: [],
        author: 'orhun',
        firstContribution: false,
        closes: [],
      },
    ]);
    // The squash commit names #1210; #1208's rebased commits are its pull request's; the release commit stays.
    expect(result.commits.map((c) => c.sha)).toEqual([sha(1210), sha(7)]);
  });

  it('makes one query per 100 commits and no notes call outside a release', async () => {
    const commits = Array.from({ length: 250 }, (_, i) => ({ sha: sha(i + 1), message: `fix: ${i}` }));
    const scope = nock('https://api.github.com')
      .post('/graphql')
      .times(3)
      .reply(200, { data: { repository: {} } });
    const result = await collectPullRequests(octokit, repo, commits);
    expect(scope.isDone()).toBe(true);
    expect(result).toMatchObject({ apiCalls: 3, pullRequests: [] });
    expect(result.commits).toHaveLength(250);
  });

  it('gives a bot its [bot] login back so the drafter can leave it out of New contributors', async () => {
    const scope = nock('https://api.github.com')
      .post('/graphql')
      .reply(200, {
        data: {
          repository: {
            c0: {
              associatedPullRequests: {
                nodes: [pr(5, { author: { login: 'dependabot', __typename: 'Bot' } })],
              },
            },
          },
        },
      });
    const result = await collectPullRequests(octokit, repo, [{ sha: sha(5), message: 'Bump x (#5)' }]);
    expect(scope.isDone()).toBe(true);
    expect(result.pullRequests[0]!.author).toBe('dependabot[bot]');
    expect(result.pullRequests[0]).not.toHaveProperty('firstContribution');
  });
});

describe('without permission for generate-notes', () => {
  it('keeps the pull requests and says why there is no New contributors line', async () => {
    const scope = nock('https://api.github.com')
      .post('/graphql')
      .reply(200, { data: { repository: { c0: { associatedPullRequests: { nodes: [pr(9)] } } } } })
      .post('/repos/orhun/git-cliff/releases/generate-notes')
      .reply(403, { message: 'Resource not accessible by integration' });
    const result = await collectPullRequests(octokit, repo, [{ sha: sha(9), message: 'x (#9)' }], {
      tag: 'v2',
      previousTag: 'v1',
    });
    expect(scope.isDone()).toBe(true);
    expect(result.pullRequests.map((p) => p.number)).toEqual([9]);
    expect(result.pullRequests[0]).not.toHaveProperty('firstContribution');
    expect(result.warnings[0]).toMatch(/Resource not accessible by integration.*contents: write/);
  });
});

describe('firstContributionsOf', () => {
  it('reads the New Contributors lines of generated notes', () => {
    expect(
      firstContributionsOf(
        '* @a made their first contribution in https://github.com/o/r/pull/3\n* @b-c made their first contribution in https://ghe.example.com/o/r/pull/12',
      ),
    ).toEqual(
      new Map([
        ['a', 3],
        ['b-c', 12],
      ]),
    );
  });
});
