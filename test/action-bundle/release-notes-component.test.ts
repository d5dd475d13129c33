/**
 * The committed Action bundle with `component` and `release-notes` (issue 22), run as the runner runs
 * it against a Shiplog server on a real socket and a GitHub stand-in: a monorepo tag `rg@14.0.2` is
 * drafted from the component's previous tag `rg@14.0.1`, tagged `rg`, versioned 14.0.2; its notes are
 * written into the GitHub release between Shiplog's markers, keeping what a person wrote there.
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
let setup: ActionSetup;
let work: string;
let github: Listening;
let githubUrl: string;
const calls: string[] = [];
let releaseBody = 'Read the upgrade guide first.';

/** GraphQL (no pull requests) and the release, read and written as GitHub does. */
function standIn(): Promise<Listening> {
  return startJsonStandIn(calls, ({ method, url, body }) => {
    if (method === 'POST' && url === '/graphql') {
      const repository: Record<string, unknown> = {};
      for (const m of body.matchAll(/(c\d+): object/g))
        repository[m[1]!] = { associatedPullRequests: { nodes: [] } };
      return { json: { data: { repository } } };
    }
    if (url === `/repos/${REPOSITORY}/releases/7001`) {
      if (method === 'PATCH') releaseBody = (JSON.parse(body) as { body: string }).body;
      return { json: { id: 7001, body: releaseBody } };
    }
    return undefined;
  });
}

beforeAll(async () => {
  setup = await startActionSetup();
  // The monorepo's component tags, on the fixture's two releases.
  execFileSync('git', ['tag', 'rg@14.0.1', '14.0.1'], { cwd: setup.fixture.dir });
  execFileSync('git', ['tag', 'rg@14.0.2', '14.0.2'], { cwd: setup.fixture.dir });
  work = await mkdtemp(join(tmpdir(), 'shiplog-action-notes-'));
  github = await standIn();
  githubUrl = github.url;
});
afterAll(async () => {
  await setup.close();
  await rm(work, { recursive: true, force: true });
  await github.close();
});

describe('the bundled Action with component and release-notes', () => {
  it("drafts the component's release from its previous tag and writes the notes into the release", async () => {
    const payload = webhookExample('release', 'published');
    payload.release = { ...payload.release, id: 7001, tag_name: 'rg@14.0.2' };
    payload.repository.full_name = REPOSITORY;
    const step = await runActionStep({
      work,
      workspace: setup.fixture.dir,
      repository: REPOSITORY,
      inputs: {
        'api-url': setup.url,
        'api-key': setup.apiKey,
        'github-token': 'ghs_stand_in',
        component: 'rg',
        'release-notes': 'true',
      },
      event: { name: 'release', payload },
      githubApiUrl: githubUrl,
    });
    expect(step.code, step.stdout).toBe(0);
    expect(step.stdout).toContain('first-parent commits from rg@14.0.1 to rg@14.0.2');
    const res = await setup.server.app.inject({
      method: 'GET',
      url: `/api/v1/entries/${step.outputs['entry-id']}`,
      headers: { authorization: `Bearer ${setup.apiKey}` },
    });
    const entry = res.json().entry;
    expect(entry).toMatchObject({ component: 'rg', version: '14.0.2' });
    expect(calls).toContain(`PATCH /repos/${REPOSITORY}/releases/7001`);
    expect(releaseBody).toMatch(/^Read the upgrade guide first\.\n\n<!-- shiplog:release-notes:start -->\n/);
    expect(releaseBody).toContain(entry.body.trim());
    expect(releaseBody.trimEnd().endsWith('<!-- shiplog:release-notes:end -->')).toBe(true);
  });
});
