/**
 * The committed Action bundle on a pull request whose entry a person edited (issue 22, scope 4: "The
 * Action does the same in its summary"), run as the runner runs it against a Shiplog server on a real
 * socket and a GitHub stand-in for the pull request's comments: the first run drafts the entry at one
 * head; a person edits it; a run at a later head keeps the edit and lists, in the job summary and the
 * pull request's comment, the changes pushed since ("2 changes since your edit"), each with its SHA.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionSetup, startActionSetup } from '../helpers/action-setup.ts';
import { runActionStep } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { type Listening, startJsonStandIn } from '../helpers/json-stand-in.ts';

const REPOSITORY = 'BurntSushi/ripgrep';
const NUMBER = 77;
let setup: ActionSetup;
let work: string;
let github: Listening;
let githubUrl: string;
/** The pull request's comments as the stand-in holds them. */
const comments = new Map<number, string>();
const calls: string[] = [];

/** The pull request's comments, listed, posted and updated as GitHub does (the Action's token is a bot). */
function standIn(): Promise<Listening> {
  const base = `/repos/${REPOSITORY}/issues`;
  const user = { login: 'github-actions[bot]', type: 'Bot' };
  return startJsonStandIn(calls, ({ method, path, body }) => {
    if (method === 'GET' && path === `${base}/${NUMBER}/comments`)
      return { json: [...comments].map(([id, text]) => ({ id, body: text, user })) };
    if (method === 'POST' && path === `${base}/${NUMBER}/comments`) {
      const id = 900 + comments.size;
      comments.set(id, (JSON.parse(body) as { body: string }).body);
      return { status: 201, json: { id, user } };
    }
    const patched = /^\/repos\/BurntSushi\/ripgrep\/issues\/comments\/(\d+)$/.exec(path);
    if (method === 'PATCH' && patched && comments.has(Number(patched[1]))) {
      comments.set(Number(patched[1]), (JSON.parse(body) as { body: string }).body);
      return { json: { id: Number(patched[1]), user } };
    }
    return undefined;
  });
}

beforeAll(async () => {
  setup = await startActionSetup();
  work = await mkdtemp(join(tmpdir(), 'shiplog-action-edit-'));
  github = await standIn();
  githubUrl = github.url;
});
afterAll(async () => {
  await setup.close();
  await rm(work, { recursive: true, force: true });
  await github.close();
});

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: setup.fixture.dir }).toString().trim().split('\n');

/** A `pull_request` delivery of the pull request from 14.0.1 to `head`, in the same repository. */
function pullRequestAt(head: string) {
  const payload = webhookExample('pull_request', 'synchronize');
  payload.repository.full_name = REPOSITORY;
  payload.pull_request = {
    ...payload.pull_request,
    number: NUMBER,
    commits: git('rev-list', '--count', `14.0.1..${head}`)[0],
    base: {
      ...payload.pull_request.base,
      sha: git('rev-parse', '14.0.1^{commit}')[0],
      repo: payload.repository,
    },
    head: { ...payload.pull_request.head, sha: head, repo: payload.repository },
  };
  payload.number = NUMBER;
  return { name: 'pull_request', payload };
}

const step = (head: string) =>
  runActionStep({
    work,
    workspace: setup.fixture.dir,
    repository: REPOSITORY,
    inputs: { 'api-url': setup.url, 'api-key': setup.apiKey, 'github-token': 'ghs_stand_in' },
    event: pullRequestAt(head),
    githubApiUrl: githubUrl,
  });

describe('the bundled Action on a pull request whose entry a person edited', () => {
  it('keeps the edit and lists the changes since it in the job summary and the comment', async () => {
    // The pull request's own line, newest first: it is first drafted two commits before its tip.
    const line = git('rev-list', '--first-parent', '14.0.1..14.0.2');
    expect(line.length).toBeGreaterThan(3);
    const [newest, second, drafted] = line as [string, string, string];

    const first = await step(drafted);
    expect(first.code, first.stdout).toBe(0);
    expect(first.summary).not.toContain('since your edit');
    const id = first.outputs['entry-id']!;
    const auth = { authorization: `Bearer ${setup.apiKey}` };
    const edited = await setup.server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers: auth,
      payload: { body: 'Written by a person.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const later = await step(newest);
    expect(later.code, later.stdout).toBe(0);
    expect(later.outputs['entry-id']).toBe(id);
    expect(later.stdout).toContain('2 changes since the entry was edited are not in it.');
    const block = later.summary.slice(later.summary.indexOf('[!IMPORTANT]'));
    expect(block).toContain('**2 changes since your edit**, not in the entry yet');
    expect(block).toContain(`(\`${newest.slice(0, 7)}\`)`);
    expect(block).toContain(`(\`${second.slice(0, 7)}\`)`);
    expect(block).not.toContain(`(\`${drafted.slice(0, 7)}\`)`);
    expect(block).toContain('re-run with `regenerate`');
    expect(later.summary).toContain('Written by a person.');
    const entry = (
      await setup.server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers: auth })
    ).json().entry;
    expect(entry.body).toBe('Written by a person.');
    // The pull request's one comment, updated in place, says the same.
    expect(comments.size).toBe(1);
    expect([...comments.values()][0]).toContain('**2 changes since your edit**');
    expect(calls.filter((c) => c.startsWith('PATCH'))).toHaveLength(1);
  });
});
