/**
 * The committed Action bundle drafts a release from its merged pull requests, end to end: a real git
 * repository with a merge-commit workflow, a GitHub stand-in on a real socket answering GraphQL
 * (`associatedPullRequests`) and generate-notes in GitHub's shapes, and a Shiplog server. A shallow
 * checkout (the default of actions/checkout) is deepened, and fails the step loudly when it cannot be.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { buildFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.ts';
import { runActionStep } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { type Listening, startJsonStandIn } from '../helpers/json-stand-in.ts';

const exec = promisify(execFile);
const REPOSITORY = 'octo/widgets';

let server: TestServer;
let url: string;
let apiKey: string;
let origin: FixtureRepo;
let work: string;
let github: Listening;
let githubUrl: string;
const calls: string[] = [];
/** Merge commit SHA → the pull request GitHub associates with it. */
const pullRequests = new Map<string, object>();

/** v1.0.0, two pull requests merged with --no-ff (one from a first-time contributor), a release commit, v1.1.0. */
async function buildOrigin(): Promise<FixtureRepo> {
  const repo = await buildFixtureRepo([]);
  const { git } = repo;
  await git(['tag', 'v1.0.0']);
  const merge = async (branch: string, commits: string[], number: number, login: string, title: string) => {
    await git(['checkout', '-q', '-b', branch, 'main']);
    for (const message of commits) await git(['commit', '-q', '--allow-empty', '-m', message]);
    await git(['checkout', '-q', 'main']);
    await git([
      'merge',
      '--no-ff',
      '-q',
      branch,
      '-m',
      `Merge pull request #${number} from ${login}/${branch}`,
      '-m',
      title,
    ]);
    return (await git(['rev-parse', 'HEAD'])).trim();
  };
  const json = await merge('json', ['wip: json', 'Address review comments'], 101, 'ada', 'Add JSON output');
  const crash = await merge(
    'crash',
    ['Handle empty config'],
    102,
    'octocat',
    'Fix crash when the config file is empty',
  );
  await git(['commit', '-q', '--allow-empty', '-m', 'Release 1.1.0']);
  await git(['tag', 'v1.1.0']);
  const node = (
    number: number,
    title: string,
    login: string,
    sha: string,
    labels: string[],
    closes: number[],
  ) => ({
    number,
    title,
    body: null,
    merged: true,
    mergeCommit: { oid: sha },
    author: { login, __typename: 'User' },
    labels: { nodes: labels.map((name) => ({ name })) },
    closingIssuesReferences: { nodes: closes.map((n) => ({ number: n })) },
  });
  pullRequests.set(json, node(101, 'Add JSON output', 'ada', json, ['enhancement'], []));
  pullRequests.set(
    crash,
    node(102, 'Fix crash when the config file is empty', 'octocat', crash, ['bug'], [99]),
  );
  return repo;
}

/** GraphQL and generate-notes, answered as GitHub does. */
function standIn(): Promise<Listening> {
  return startJsonStandIn(calls, ({ method, url, body }) => {
    if (method === 'POST' && url === '/graphql') {
      const { query } = JSON.parse(body) as { query: string };
      const repository: Record<string, unknown> = {};
      for (const m of query.matchAll(/(c\d+): object\(oid: "([0-9a-f]{40})"\)/g)) {
        const pr = pullRequests.get(m[2]!);
        repository[m[1]!] = { associatedPullRequests: { nodes: pr ? [pr] : [] } };
      }
      return { json: { data: { repository } } };
    }
    if (method === 'POST' && url === `/repos/${REPOSITORY}/releases/generate-notes`)
      return {
        json: {
          name: 'v1.1.0',
          body: `## What's Changed\n* Add JSON output by @ada in https://github.com/${REPOSITORY}/pull/101\n\n## New Contributors\n* @ada made their first contribution in https://github.com/${REPOSITORY}/pull/101\n`,
        },
      };
    return undefined;
  });
}

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ apiKey } = await server.project('pro'));
  origin = await buildOrigin();
  work = await mkdtemp(join(tmpdir(), 'shiplog-action-prs-'));
  github = await standIn();
  githubUrl = github.url;
});
afterAll(async () => {
  await server.close();
  await origin.remove();
  await rm(work, { recursive: true, force: true });
  await github.close();
});

function releaseEvent(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.release.tag_name = tag;
  payload.repository.full_name = REPOSITORY;
  return { name: 'release', payload };
}

/** A checkout of v1.1.0 as actions/checkout makes it: `depth` 1 by default, 0 for the whole history. */
async function checkout(name: string, depth: number): Promise<string> {
  const dir = join(work, name);
  const args = ['clone', '-q', ...(depth ? ['--depth', String(depth)] : []), '--branch', 'v1.1.0'];
  await exec('git', [...args, `file://${origin.dir}`, dir]);
  return dir;
}

async function bodyOf(entryId: string): Promise<string> {
  const res = await server.app.inject({
    url: `/api/v1/entries/${entryId}`,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return res.json().entry.body as string;
}

describe('the bundled Action on a merge-commit workflow', () => {
  it('drafts one item per merged pull request, credits the first-timer, and never lists the commits inside', async () => {
    calls.length = 0;
    const step = await runActionStep({
      work,
      workspace: await checkout('full', 0),
      repository: REPOSITORY,
      inputs: { 'api-url': url, 'api-key': apiKey, 'github-token': 'ghs_standin' },
      event: releaseEvent('v1.1.0'),
      githubApiUrl: githubUrl,
    });
    expect(step.stdout).not.toMatch(/::(error|warning)::/);
    expect(step.code).toBe(0);
    expect(step.stdout).toContain('Previous release: v1.0.0');
    expect(step.stdout).toContain('2 merged pull requests in the range (2 API calls)');
    expect(calls).toEqual(['POST /graphql', `POST /repos/${REPOSITORY}/releases/generate-notes`]);
    const body = await bodyOf(step.outputs['entry-id']!);
    expect(body).toContain(`- Add JSON output ([#101](https://github.com/${REPOSITORY}/issues/101))`);
    expect(body).toContain('Fix crash when the config file is empty');
    expect(body).toContain('#99');
    expect(body).not.toMatch(/wip|review comments|Handle empty config|Release 1\.1\.0/i);
    expect(body).toMatch(/\*\*New contributors\*\*: \\@ada made their first contribution in \[#101\]/);
    expect(step.outputs.title).toBe('Add JSON output');
    expect(JSON.parse(step.outputs.draft!).version).toBe('1.1.0');
  });

  it('deepens a shallow checkout before reading the range', async () => {
    const step = await runActionStep({
      work,
      workspace: await checkout('shallow', 1),
      repository: REPOSITORY,
      inputs: { 'api-url': url, 'api-key': apiKey, 'github-token': '' },
      event: releaseEvent('v1.1.0'),
    });
    expect(step.stdout).toContain('The checkout is shallow');
    expect(step.code, step.stdout.replace(/::add-mask::.*\n/, '')).toBe(0);
    expect(step.stdout).toContain('Previous release: v1.0.0');
    expect(step.outputs['commit-count']).toBe('3');
  });

  it('fails the step, naming fetch-depth: 0, when a shallow checkout can be neither deepened nor read from the API', async () => {
    const dir = await checkout('stranded', 1);
    await exec('git', ['remote', 'set-url', 'origin', join(work, 'gone')], { cwd: dir });
    const step = await runActionStep({
      work,
      workspace: dir,
      repository: REPOSITORY,
      inputs: { 'api-url': url, 'api-key': apiKey, 'github-token': '' },
      event: releaseEvent('v1.1.0'),
    });
    expect(step.code).toBe(1);
    expect(step.stdout).toMatch(/::error::The checkout is shallow.*`fetch-depth: 0`/);
    expect(step.outputs['entry-id']).toBeUndefined();
  });
});
