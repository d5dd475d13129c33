/**
 * The Action's `import-changelog` input through the committed bundle (action/dist/index.js, run as the
 * runner runs it) on a real git repository with a CHANGELOG.md and tags (test/helpers/changelog-repo.ts),
 * against a Shiplog server on a real socket: the first run imports the history, dated and with each
 * version's commits from git, without dispatching it; a later run sees it imported and skips.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { buildChangelogRepo, type ChangelogRepo, RELEASES } from '../helpers/changelog-repo.ts';
import { runActionStep } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

let server: TestServer;
let url: string;
let apiKey: string;
let repo: ChangelogRepo;
let work: string;

beforeAll(async () => {
  // No workers: a dispatch job would stay in pgboss.job for the count below.
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ apiKey } = await server.project('pro'));
  repo = await buildChangelogRepo();
  work = await mkdtemp(join(tmpdir(), 'shiplog-action-import-'));
});
afterAll(async () => {
  await server?.close();
  await repo?.remove();
  await rm(work, { recursive: true, force: true });
});

const step = () =>
  runActionStep({
    work,
    workspace: repo.dir,
    repository: 'acme/rocket',
    inputs: {
      'api-url': url,
      'api-key': apiKey,
      'github-token': '',
      'import-changelog': 'CHANGELOG.md',
      from: '0.2.0',
      to: 'rocket-v1.0.0',
    },
    event: { name: 'workflow_dispatch', payload: { inputs: {} } },
  });

const imported = async () =>
  (
    await server.app.inject({
      url: '/api/v1/entries?origin=import&limit=100',
      headers: { authorization: `Bearer ${apiKey}` },
    })
  ).json().entries as { id: string; version: string; status: string; publishedAt: string }[];

describe('the bundled Action with import-changelog', () => {
  it('imports the history once, dated and with its commits from git, then drafts as usual', async () => {
    const first = await step();
    expect(first.stdout).not.toMatch(/::error::/);
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs.imported).toBe('3');
    expect(first.stdout).toContain('Not imported: "Unreleased" (unreleased).');
    expect(first.stdout).toContain('Imported 3 release(s) of CHANGELOG.md as published history');
    // The run's own draft still happens, after the import.
    expect(first.outputs['entry-status']).toBe('draft');

    const entries = await imported();
    expect(entries.map((e) => [e.version, e.status, e.publishedAt])).toEqual(
      RELEASES.map((r) => [r.version, 'published', r.publishedAt]),
    );
    const changes = await server.db.sql<{ version: string; changes: { commits: string[] } }[]>`
      select e.version, c.changes from entries e join entry_changes c on c.entry_id = e.id
      where e.origin = 'import' order by e.published_at desc`;
    expect(changes.map((c) => c.changes.commits)).toEqual(RELEASES.map((r) => [...r.commits]));
    const [jobs] = await server.db.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name in ('entry-published', 'github-shipped')`;
    expect(jobs!.n).toBe(0);

    const second = await step();
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs.imported).toBe('0');
    expect(second.stdout).toMatch(/::notice::import-changelog: the project already has imported history/);
    expect((await imported()).map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it('never imports the version it drafts or a newer one: the profile does not learn from the answer', async () => {
    const { apiKey: key } = await server.project('pro');
    const payload = webhookExample('release', 'published');
    payload.release.tag_name = '0.2.0';
    payload.repository.full_name = 'acme/rocket';
    const result = await runActionStep({
      work,
      workspace: repo.dir,
      repository: 'acme/rocket',
      inputs: { 'api-url': url, 'api-key': key, 'github-token': '', 'import-changelog': 'CHANGELOG.md' },
      event: { name: 'release', payload },
    });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.imported).toBe('1');
    expect(result.stdout).toContain('Not imported: 1.0.0 (the version this run drafts, or a newer one');
    expect(result.stdout).toContain('Not imported: 0.2.0 (the version this run drafts, or a newer one');
    const entries = (
      await server.app.inject({
        url: '/api/v1/entries?origin=import&limit=100',
        headers: { authorization: `Bearer ${key}` },
      })
    ).json().entries as { version: string }[];
    expect(entries.map((e) => e.version)).toEqual(['0.1.0']);
  });

  it('reads a reStructuredText changelog (HISTORY.rst) as the CLI does', async () => {
    const { apiKey: key, project } = await server.project('pro');
    await writeFile(
      join(repo.dir, 'HISTORY.rst'),
      '0.2.0 (2023-02-15)\n------------------\n\n- Fixed the crash (:issue:`3`).\n\n0.1.0\n-----\n\n- Reads ``rocket.toml``.\n',
    );
    const result = await runActionStep({
      work,
      workspace: repo.dir,
      repository: 'acme/rocket',
      inputs: {
        'api-url': url,
        'api-key': key,
        'github-token': '',
        'import-changelog': 'HISTORY.rst',
        from: '0.2.0',
        to: 'rocket-v1.0.0',
      },
      event: { name: 'workflow_dispatch', payload: { inputs: {} } },
    });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.imported).toBe('2');
    const entries = await server.db.sql<{ version: string; body: string }[]>`
      select version, body from entries where project_id = ${project.id} and origin = 'import'
      order by published_at desc`;
    expect(entries.map((e) => [e.version, e.body])).toEqual([
      ['0.2.0', '- Fixed the crash (#3).'],
      ['0.1.0', '- Reads `rocket.toml`.'],
    ]);
  });
});
