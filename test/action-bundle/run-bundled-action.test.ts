/**
 * End to end: the bundled action/dist/index.js run as a child process the way the runner does
 * (INPUT_* variables, GITHUB_EVENT_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, a checkout in
 * GITHUB_WORKSPACE) against a Shiplog server listening on a real socket.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '../fixtures/releases/load-releases.ts';
import { type ActionSetup, startActionSetup } from '../helpers/action-setup.ts';
import type { TestServer } from '../helpers/build-server.ts';
import type { FixtureRepo } from '../helpers/fixture-repo.ts';
import { runActionStep, type StepResult } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

let setup: ActionSetup;
let server: TestServer;
let url: string;
let apiKey: string;
let fixture: FixtureRepo;
let releases: Release[];
let work: string;

beforeAll(async () => {
  setup = await startActionSetup();
  ({ server, url, apiKey, fixture, releases } = setup);
  work = await mkdtemp(join(tmpdir(), 'shiplog-action-'));
});
afterAll(async () => {
  await setup.close();
  await rm(work, { recursive: true, force: true });
});

function runStep(
  inputs: Record<string, string>,
  event: { name: string; payload: object },
): Promise<StepResult> {
  return runActionStep({ work, workspace: fixture.dir, repository: 'BurntSushi/ripgrep', inputs, event });
}

function releaseEvent(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.release.tag_name = tag;
  payload.repository.full_name = 'BurntSushi/ripgrep';
  return { name: 'release', payload };
}

describe('the bundled Action', () => {
  it('is committed, so `uses: <owner>/shiplog@v1` finds it', () => {
    const tracked = execFileSync('git', ['ls-files', '--', 'action/dist/index.js'], {
      cwd: join(import.meta.dirname, '../..'),
    });
    expect(tracked.toString().trim()).toBe('action/dist/index.js');
  });

  it('drafts the release from the local checkout, writes outputs and the summary, and a re-run returns the same entry', async () => {
    const inputs = { 'api-url': url, 'api-key': apiKey, 'github-token': 'ghs_unused_in_git_mode' };
    const first = await runStep(inputs, releaseEvent('14.0.2'));
    expect(first.stdout).not.toMatch(/::error::/);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Previous release: 14.0.1');
    expect(first.stdout).toContain('local git');
    const expected = releases.find((r) => r.tag === '14.0.2')!;
    expect(first.outputs).toMatchObject({
      'entry-status': 'draft',
      'commit-count': String(expected.commits.length),
    });
    expect(first.outputs['entry-id']).toMatch(/^ent_/);
    expect(first.outputs.title).not.toContain('14.0.2');
    const draft = JSON.parse(first.outputs.draft!);
    expect(draft.version).toBe('14.0.2');
    expect(draft.commits.received).toBe(expected.commits.length);
    expect(first.summary).toContain('<!-- shiplog:draft -->');
    expect(first.summary).toContain(first.outputs.title);
    // The summary links to the draft's key-less preview, which opens without a key.
    const preview = first.outputs['preview-url']!;
    expect(preview).toMatch(/^https:\/\/changelog\.test\/changelog\/.+\/preview\/ent_/);
    expect(first.summary).toContain(`(${preview})`);
    const page = await server.app.inject({
      url: preview.replace('https://changelog.test', ''),
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Draft preview');

    const stored = await server.app.inject({
      method: 'GET',
      url: `/api/v1/entries/${first.outputs['entry-id']}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(stored.json().entry).toMatchObject({
      origin: 'generate',
      version: '14.0.2',
      status: 'draft',
      source: expect.objectContaining({ release: '14.0.2', pullRequest: null }),
    });

    const again = await runStep(inputs, releaseEvent('14.0.2'));
    expect(again.code).toBe(0);
    expect(again.outputs['entry-id']).toBe(first.outputs['entry-id']);
    expect(again.stdout).toContain('Found the entry of an earlier run');

    // The key is only ever handed to the runner's masking command.
    const lines = (first.stdout + again.stdout).split('\n').filter((l) => l.includes(apiKey));
    expect(lines.every((l) => l.startsWith('::add-mask::'))).toBe(true);
  });

  it('fails the step with exit code 1 and a message that says what to do on a bad key', async () => {
    const result = await runStep(
      { 'api-url': url, 'api-key': 'shl_000000000000000000000000000000000000', 'github-token': 'x' },
      releaseEvent('14.0.2'),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::Shiplog rejected the API key \(401\)\. Check the api-key input/);
  });

  it('exits 0 with a notice on a fork pull request without the secret', async () => {
    const payload = webhookExample('pull_request', 'opened');
    payload.pull_request.head.repo.full_name = 'someone/ripgrep';
    const result = await runStep(
      { 'api-url': url, 'api-key': '', 'github-token': 'x' },
      { name: 'pull_request', payload },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/::notice::No Shiplog API key/);
  });

  it('runs where there is no job summary (a local run) without an error, and logs the draft', async () => {
    const result = await runActionStep({
      work,
      workspace: fixture.dir,
      repository: 'BurntSushi/ripgrep',
      inputs: { 'api-url': url, 'api-key': apiKey, 'github-token': '', from: '14.0.1', to: '14.0.2' },
      event: { name: 'workflow_dispatch', payload: { inputs: {} } },
      summary: false,
    });
    expect(result.stdout).not.toMatch(/::error::/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No job summary here (GITHUB_STEP_SUMMARY is not set); the draft:');
    expect(result.stdout).toContain('<!-- shiplog:draft -->');
  });

  it('drafts from local git with an empty github-token: no GitHub API call is needed', async () => {
    const result = await runStep(
      { 'api-url': url, 'api-key': apiKey, 'github-token': '', from: '14.0.0', to: '14.0.1' },
      { name: 'workflow_dispatch', payload: { inputs: {} } },
    );
    expect(result.stdout).not.toMatch(/::error::/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('local git');
    expect(result.outputs['entry-id']).toMatch(/^ent_/);
  });

  it('keeps one entry per range: a re-run with another detail re-drafts it instead of making a second', async () => {
    const inputs = { 'api-url': url, 'api-key': apiKey, 'github-token': '', from: '14.0.0', to: '14.0.2' };
    const dispatch = { name: 'workflow_dispatch', payload: { inputs: {} } };
    const full = await runStep({ ...inputs, detail: 'full' }, dispatch);
    expect(full.code, full.stdout).toBe(0);
    const highlights = await runStep({ ...inputs, detail: 'highlights' }, dispatch);
    expect(highlights.code, highlights.stdout).toBe(0);
    expect(highlights.outputs['entry-id']).toBe(full.outputs['entry-id']);
    const stored = await server.app.inject({
      url: `/api/v1/entries/${full.outputs['entry-id']}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(stored.json().entry.source).toMatchObject({ range: '14.0.0...14.0.2', release: null });
    const listed = await server.app.inject({
      url: '/api/v1/entries?limit=100',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const ofRange = listed
      .json()
      .entries.filter((e: { source: { range?: string } | null }) => e.source?.range === '14.0.0...14.0.2');
    expect(ofRange).toHaveLength(1);
  });

  it('publishes when asked', async () => {
    const result = await runStep(
      { 'api-url': url, 'api-key': apiKey, 'github-token': 'x', publish: 'true', category: 'fix' },
      releaseEvent('14.0.1'),
    );
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs['entry-status']).toBe('published');
    expect(JSON.parse(result.outputs.draft!).category).toBe('fix');
  });
});
