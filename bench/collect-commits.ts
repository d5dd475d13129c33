/**
 * Gathering a range through the GitHub API (nock-served, real ripgrep messages, GitHub's shapes):
 * - 500 commits of a squash workflow through the compare API: calls and wall time, against the calls
 *   release-drafter's approach needs (GraphQL history pages of 15 commits: ceil(500 / 15) = 34);
 * - a merge workflow of 100 pull requests (3 commits each, 400 commits in all): the compare pages, one
 *   GraphQL query for the 100 first-parent merges' pull requests and one generate-notes call, i.e. the
 *   API calls per 100 pull requests, against release-drafter's history pages over all 400 commits.
 */
import { Octokit } from '@octokit/core';
import nock from 'nock';
import { collectFromCompare } from '../core/collect-commits.ts';
import { collectPullRequests } from '../core/collect-pull-requests.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';

const RELEASE_DRAFTER_PAGE = 15;
const API = 'https://api.github.com';

type ApiCommit = { sha: string; parents: { sha: string }[]; commit: { message: string } };

const sha = (n: number) => n.toString(16).padStart(40, '0');

/** Commits as compare lists them: oldest first, each with its parents. */
function linear(messages: string[]): ApiCommit[] {
  return messages.map((message, i) => ({
    sha: sha(i + 1),
    parents: i === 0 ? [] : [{ sha: sha(i) }],
    commit: { message },
  }));
}

/** 100 pull requests of 3 commits each, each merged into main with a merge commit. */
function mergeWorkflow(subjects: string[]): { commits: ApiCommit[]; prOf: Map<string, number> } {
  const commits: ApiCommit[] = [];
  const prOf = new Map<string, number>();
  let main = sha(0x100000);
  let n = 1;
  for (let pr = 1; pr <= 100; pr++) {
    let branch = main;
    for (let c = 0; c < 3; c++) {
      const s = sha(n++);
      commits.push({
        sha: s,
        parents: [{ sha: branch }],
        commit: { message: subjects[(pr * 3 + c) % subjects.length]! },
      });
      branch = s;
    }
    const merge = sha(n++);
    commits.push({
      sha: merge,
      parents: [{ sha: main }, { sha: branch }],
      commit: {
        message: `Merge pull request #${pr} from octo/branch-${pr}\n\n${subjects[pr % subjects.length]}`,
      },
    });
    prOf.set(merge, pr);
    main = merge;
  }
  return { commits, prOf };
}

function serveCompare(basehead: string, commits: ApiCommit[]): nock.Scope {
  return nock(API)
    .persist()
    .get(`/repos/BurntSushi/ripgrep/compare/${basehead}`)
    .query(true)
    .reply(200, (uri) => {
      const page = Number(new URL(uri, API).searchParams.get('page'));
      return { total_commits: commits.length, commits: commits.slice((page - 1) * 100, page * 100) };
    });
}

export async function collectCommitsBench(): Promise<Record<string, number>> {
  const subjects = loadReleases()
    .filter((r) => r.repo === 'BurntSushi/ripgrep')
    .flatMap((r) => r.commits)
    .map((c) => c.message.split('\n', 1)[0]!);
  nock.disableNetConnect();
  const octokit = new Octokit({ auth: 'ghs_bench' });
  const range = { owner: 'BurntSushi', repo: 'ripgrep' };

  const squash = linear(subjects.slice(0, 500).reverse());
  serveCompare('13.0.0...14.0.0', squash);
  const times: number[] = [];
  let calls = 0;
  for (let i = 0; i < 10; i++) {
    const t = process.hrtime.bigint();
    const result = await collectFromCompare(octokit, { ...range, from: '13.0.0', to: '14.0.0' });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (result.messages.length !== 500) throw new Error(`collected ${result.messages.length}`);
    calls = result.apiCalls;
  }
  times.sort((a, b) => a - b);

  const { commits, prOf } = mergeWorkflow(subjects);
  serveCompare('v1...v2', commits);
  nock(API)
    .persist()
    .post('/graphql')
    .reply(200, (_uri, body) => {
      const repository: Record<string, unknown> = {};
      for (const m of (body as { query: string }).query.matchAll(/(c\d+): object\(oid: "(\w+)"\)/g)) {
        const number = prOf.get(m[2]!);
        repository[m[1]!] = {
          associatedPullRequests: {
            nodes: number
              ? [
                  {
                    number,
                    title: `PR ${number}`,
                    body: null,
                    merged: true,
                    mergeCommit: { oid: m[2] },
                    author: { login: 'octo', __typename: 'User' },
                    labels: { nodes: [] },
                    closingIssuesReferences: { nodes: [] },
                  },
                ]
              : [],
          },
        };
      }
      return { data: { repository } };
    })
    .post('/repos/BurntSushi/ripgrep/releases/generate-notes')
    .reply(200, { body: '' });
  const line = await collectFromCompare(octokit, { ...range, from: 'v1', to: 'v2' });
  const gathered = await collectPullRequests(octokit, range, line.commits, { tag: 'v2', previousTag: 'v1' });
  if (gathered.pullRequests.length !== 100)
    throw new Error(`gathered ${gathered.pullRequests.length} pull requests`);
  nock.cleanAll();
  nock.enableNetConnect();
  const perHundred = line.apiCalls + gathered.apiCalls;
  const releaseDrafterPerHundred = Math.ceil(commits.length / RELEASE_DRAFTER_PAGE);
  return {
    commits: 500,
    apiCalls: calls,
    releaseDrafterCalls: Math.ceil(500 / RELEASE_DRAFTER_PAGE),
    callRatio: Number((calls / Math.ceil(500 / RELEASE_DRAFTER_PAGE)).toFixed(3)),
    medianMs: Number(times[5]!.toFixed(1)),
    callsPer100PullRequestsRest: perHundred,
    callsPer100PullRequestsLocalGit: gathered.apiCalls,
    releaseDrafterCallsPer100PullRequests: releaseDrafterPerHundred,
    pullRequestCallRatio: Number((perHundred / releaseDrafterPerHundred).toFixed(3)),
  };
}
