/**
 * `update-changelog` with `changelog-pull-request`, through the committed bundle run as the runner runs
 * it, without a server, against a GitHub stand-in on a real socket that keeps branches, commits, files
 * and pull requests in GitHub's REST shapes: the first release opens one pull request from
 * `shiplog/changelog`; the next release updates that branch and that pull request (never a second one),
 * keeping the first release's section; a run with nothing new commits nothing. Every connection the step
 * opens is recorded: only GitHub's API is reached.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChangelog } from '../../core/parse-changelog.ts';
import { commitFiles, datedGit } from '../helpers/dated-git.ts';
import { buildFormatRepo, type FormatRepo } from '../helpers/format-repo.ts';
import { type Listening, startJsonStandIn, type StandInRequest } from '../helpers/json-stand-in.ts';
import { runActionStep } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const calls: string[] = [];

/** The repository as GitHub keeps it: refs → commit, commit → (parent, file text), pull requests. */
function githubRepository(changelog: string) {
  const commits = new Map<string, { parent: string | null; text: string }>([
    ['base0000', { parent: null, text: changelog }],
  ]);
  const trees = new Map<string, string>();
  const refs = new Map<string, string>([['main', 'base0000']]);
  const pulls: { number: number; head: string; base: string; title: string; body: string; state: string }[] =
    [];
  let n = 0;
  const repo = '/repos/acme/app';
  const answer = (req: StandInRequest): { status?: number; json: unknown } | undefined => {
    const path = decodeURIComponent(req.path);
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    const query = new URL(req.url, 'http://x').searchParams;
    if (req.method === 'GET' && path === `${repo}/pulls`)
      return {
        json: pulls
          .filter((p) => p.state === query.get('state') && `acme:${p.head}` === query.get('head'))
          .map(pr),
      };
    const ref = /^\/repos\/acme\/app\/git\/refs?\/heads\/(.+)$/.exec(path)?.[1];
    if (req.method === 'GET' && ref)
      return refs.has(ref) ? { json: { object: { sha: refs.get(ref) } } } : undefined;
    if (req.method === 'PATCH' && ref) return (refs.set(ref, body.sha as string), { json: {} });
    if (req.method === 'POST' && path === `${repo}/git/refs`)
      return (
        refs.set(String(body.ref).replace('refs/heads/', ''), body.sha as string),
        { status: 201, json: {} }
      );
    if (req.method === 'GET' && path === `${repo}/contents/CHANGELOG.md`)
      return { json: commits.get(query.get('ref')!)!.text };
    const commit = /^\/repos\/acme\/app\/git\/commits\/(\w+)$/.exec(path)?.[1];
    if (req.method === 'GET' && commit) return { json: { sha: commit, tree: { sha: `tree-${commit}` } } };
    if (req.method === 'POST' && path === `${repo}/git/trees`) {
      const sha = `tree${++n}`;
      trees.set(sha, (body.tree as { content: string }[])[0]!.content);
      return { status: 201, json: { sha } };
    }
    if (req.method === 'POST' && path === `${repo}/git/commits`) {
      const sha = `commit${++n}`;
      commits.set(sha, { parent: (body.parents as string[])[0]!, text: trees.get(body.tree as string)! });
      return { status: 201, json: { sha } };
    }
    if (req.method === 'POST' && path === `${repo}/pulls`) {
      const opened = {
        number: pulls.length + 1,
        state: 'open',
        ...(body as { head: string; base: string; title: string; body: string }),
      };
      pulls.push(opened);
      return { status: 201, json: pr(opened) };
    }
    const number = /^\/repos\/acme\/app\/pulls\/(\d+)$/.exec(path)?.[1];
    if (req.method === 'PATCH' && number) {
      Object.assign(pulls[Number(number) - 1]!, body);
      return { json: pr(pulls[Number(number) - 1]!) };
    }
    return undefined;
  };
  const pr = (p: (typeof pulls)[number]) => ({
    ...p,
    head: { ref: p.head },
    html_url: `https://github.com/acme/app/pull/${p.number}`,
  });
  return { answer, refs, commits, pulls };
}

let repo: FormatRepo;
let work: string;
let github: Listening;
let state: ReturnType<typeof githubRepository>;

beforeAll(async () => {
  repo = await buildFormatRepo('keep-a-changelog.md', { tagNext: true });
  work = await mkdtemp(join(tmpdir(), 'shiplog-changelog-pr-'));
  state = githubRepository(repo.changelog);
  github = await startJsonStandIn(calls, state.answer);
});
afterAll(async () => {
  await github.close();
  await repo.remove();
  await rm(work, { recursive: true, force: true });
});

function step(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.release.tag_name = tag;
  (payload.release as { published_at: string }).published_at = '2026-01-02T10:00:00Z';
  payload.repository.full_name = 'acme/app';
  (payload.repository as { default_branch: string }).default_branch = 'main';
  return runActionStep({
    work,
    workspace: repo.dir,
    repository: 'acme/app',
    inputs: { 'github-token': 'ghs_test', 'update-changelog': 'true', 'changelog-pull-request': 'true' },
    event: { name: 'release', payload },
    githubApiUrl: github.url,
    allowConnections: [new URL(github.url).host],
  });
}

const branchText = () => state.commits.get(state.refs.get('shiplog/changelog')!)!.text;

describe('the changelog pull request (without a server)', () => {
  it('opens one pull request, updates it on the next release, and never opens a second', async () => {
    const first = await step(`v${repo.next}`);
    expect(first.stdout).not.toMatch(/::error::/);
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs['changelog-pull-request']).toBe('1');
    expect(first.outputs.changelog).toBe('inserted');
    expect(first.connections.every((c) => c === new URL(github.url).host)).toBe(true);
    expect(calls).toContain('POST /repos/acme/app/git/refs');
    expect(state.pulls).toHaveLength(1);
    expect(state.pulls[0]).toMatchObject({
      head: 'shiplog/changelog',
      base: 'main',
      title: `docs(changelog): ${repo.next}`,
    });
    expect(
      parseChangelog(branchText())
        .releases.map((r) => r.version)
        .slice(0, 2),
    ).toEqual([repo.next, '1.1.1']);
    // The workspace is left as it was: the change is in the pull request.
    const status = execFileSync('git', ['status', '--porcelain'], { cwd: repo.dir }).toString();
    expect(status).toBe('');

    // The next release: the branch moves on from its own head, the same pull request is updated.
    const git = datedGit(repo.dir);
    await commitFiles(git, repo.dir, 'fix: keep the export order', '2026-01-03T10:00:00Z', {
      'src/order.ts': 'export {};\n',
    });
    const later = '1.2.1';
    await git(['tag', `v${later}`], '2026-01-03T10:00:00Z');
    calls.length = 0;
    const second = await step(`v${later}`);
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs['changelog-pull-request']).toBe('1');
    expect(calls).toContain('PATCH /repos/acme/app/pulls/1');
    expect(calls).not.toContain('POST /repos/acme/app/pulls');
    expect(state.pulls).toHaveLength(1);
    const head = state.refs.get('shiplog/changelog')!;
    expect(state.commits.get(head)!.parent).not.toBe('base0000');
    expect(
      parseChangelog(branchText())
        .releases.map((r) => r.version)
        .slice(0, 3),
    ).toEqual([later, repo.next, '1.1.1']);

    // Nothing new: no commit, no second pull request.
    calls.length = 0;
    const third = await step(`v${later}`);
    expect(third.code, third.stdout).toBe(0);
    expect(third.outputs.changelog).toBe('unchanged');
    expect(calls.filter((c) => c.startsWith('POST /repos'))).toEqual([]);
    expect(state.refs.get('shiplog/changelog')).toBe(head);
    expect(state.pulls).toHaveLength(1);
  });
});
