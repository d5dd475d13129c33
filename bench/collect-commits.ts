/**
 * Collecting a 500-commit range through the REST path (nock-served compare pages of real ripgrep
 * messages): GitHub API calls and wall time, against the calls release-drafter's approach needs
 * (GraphQL history pages of 15 commits: ceil(500 / 15) = 34). Goal: ≤ 6 calls.
 */
import { Octokit } from '@octokit/core';
import nock from 'nock';
import { collectFromCompare } from '../core/collect-commits.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';

const RELEASE_DRAFTER_PAGE = 15;

export async function collectCommitsBench(): Promise<Record<string, number>> {
  const messages = loadReleases()
    .filter((r) => r.repo === 'BurntSushi/ripgrep')
    .flatMap((r) => r.commits)
    .slice(0, 500)
    .reverse()
    .map((c, i) => ({ sha: `sha${i}`, commit: { message: c.message } }));
  nock.disableNetConnect();
  const scope = nock('https://api.github.com')
    .persist()
    .get('/repos/BurntSushi/ripgrep/compare/13.0.0...14.0.0')
    .query(true)
    .reply(200, (uri) => {
      const page = Number(new URL(uri, 'https://api.github.com').searchParams.get('page'));
      return { total_commits: messages.length, commits: messages.slice((page - 1) * 100, page * 100) };
    });
  const octokit = new Octokit({ auth: 'ghs_bench' });
  const times: number[] = [];
  let calls = 0;
  for (let i = 0; i < 10; i++) {
    const t = process.hrtime.bigint();
    const result = await collectFromCompare(octokit, {
      owner: 'BurntSushi',
      repo: 'ripgrep',
      from: '13.0.0',
      to: '14.0.0',
    });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (result.messages.length !== 500) throw new Error(`collected ${result.messages.length}`);
    calls = result.apiCalls;
  }
  scope.persist(false);
  nock.cleanAll();
  nock.enableNetConnect();
  times.sort((a, b) => a - b);
  const releaseDrafterCalls = Math.ceil(500 / RELEASE_DRAFTER_PAGE);
  return {
    commits: 500,
    apiCalls: calls,
    releaseDrafterCalls,
    callRatio: Number((calls / releaseDrafterCalls).toFixed(3)),
    medianMs: Number(times[5]!.toFixed(1)),
  };
}
