/**
 * `run()` imported from action/main.ts, as @github/local-action drives it: @actions/core stubbed (inputs
 * in, outputs and failures recorded), the real workflow context read from GITHUB_* variables, a real
 * git checkout and a Shiplog server on a real socket. Importing main.ts must not run anything.
 */
import * as github from '@actions/github';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Release } from '../fixtures/releases/load-releases.ts';
import { type ActionSetup, startActionSetup } from '../helpers/action-setup.ts';
import type { FixtureRepo } from '../helpers/fixture-repo.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const step = vi.hoisted(() => ({
  inputs: {} as Record<string, string>,
  outputs: {} as Record<string, string>,
  failed: [] as string[],
  notices: [] as string[],
  summary: '',
}));

vi.mock('@actions/core', () => {
  const getInput = (name: string, options?: { required?: boolean }) => {
    const value = step.inputs[name] ?? '';
    if (options?.required && !value) throw new Error(`Input required and not supplied: ${name}`);
    return value;
  };
  const summary = {
    addRaw(text: string) {
      step.summary += text;
      return summary;
    },
    write: async () => summary,
  };
  return {
    getInput,
    getMultilineInput: (name: string) => getInput(name).split('\n').filter(Boolean),
    setOutput: (name: string, value: string) => (step.outputs[name] = value),
    setFailed: (message: string) => step.failed.push(message),
    setSecret: () => {},
    info: () => {},
    warning: () => {},
    notice: (message: string) => step.notices.push(message),
    summary,
  };
});

let setup: ActionSetup;
let url: string;
let apiKey: string;
let fixture: FixtureRepo;
let releases: Release[];

beforeAll(async () => {
  setup = await startActionSetup();
  ({ url, apiKey, fixture, releases } = setup);
});
afterAll(() => setup.close());
beforeEach(() => {
  step.outputs = {};
  step.failed = [];
  step.notices = [];
  step.summary = '';
});

/** Point the workflow context at a pull request from 14.0.1 to 14.0.2 in the fixture checkout. */
async function pullRequestEvent(): Promise<void> {
  const payload = webhookExample('pull_request', 'opened');
  payload.pull_request.base.sha = (await fixture.git(['rev-parse', '14.0.1'])).trim();
  payload.pull_request.head.sha = (await fixture.git(['rev-parse', '14.0.2'])).trim();
  payload.pull_request.head.repo.full_name = payload.pull_request.base.repo.full_name;
  // The context is read from GITHUB_EVENT_PATH once, at import; a test sets it as the runner would have.
  github.context.eventName = 'pull_request';
  github.context.payload = payload;
  Object.assign(process.env, {
    GITHUB_REPOSITORY: payload.repository.full_name,
    GITHUB_WORKSPACE: fixture.dir,
    GITHUB_API_URL: 'http://127.0.0.1:9',
    // A runner has a job summary file; the mocked `core.summary` stands for it.
    GITHUB_STEP_SUMMARY: '/dev/null',
  });
}

describe('run() from action/main.ts', () => {
  it('importing the module runs nothing', async () => {
    const { run } = await import('../../action/main.ts');
    expect(typeof run).toBe('function');
    expect(step.failed).toEqual([]);
    expect(step.outputs).toEqual({});
  });

  it('drafts a pull request from local git with no github-token, and says why no comment was posted', async () => {
    await pullRequestEvent();
    const { run } = await import('../../action/main.ts');
    step.inputs = { 'api-url': url, 'api-key': apiKey, 'github-token': '' };
    await run();
    expect(step.failed).toEqual([]);
    expect(step.outputs['entry-id']).toMatch(/^ent_/);
    expect(step.outputs['commit-count']).toBe(String(releases[1]!.commits.length));
    expect(step.notices.join('\n')).toMatch(/github-token input is empty, so the draft was not posted/);
    // The summary links nowhere that needs a key.
    expect(step.summary).toContain(step.outputs['entry-id']);
    expect(step.summary).not.toContain('/api/v1/');
  });

  it('fails with a message naming github-token when the range is not in the checkout and no token is given', async () => {
    await pullRequestEvent();
    const { run } = await import('../../action/main.ts');
    step.inputs = { 'api-url': url, 'api-key': apiKey, 'github-token': '', from: 'no-such-ref' };
    await run();
    expect(step.failed).toHaveLength(1);
    expect(step.failed[0]).toMatch(/github-token input is empty, but .* needs the GitHub API/);
  });
});
