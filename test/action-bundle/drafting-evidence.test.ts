/**
 * Evidence before words through the Action (issue 31, docs/api.md#generate-a-draft-from-commits-and-pull-requests):
 * the committed bundle (action/dist/index.js, run as the runner runs it) on a real git repository,
 * against a Shiplog server on a real socket, sends each first-parent commit's changed files and line
 * counts from git (`commitDetails`: a merge's diff against its first parent, a rename under its new
 * path, each commit's SHA) and the `internal-paths`, `product-paths`, `detail` and `sections` inputs; the draft shows them
 * deciding.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitDetail } from '../../core/contract/generate.schema.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { commitFiles, datedGit } from '../helpers/dated-git.ts';
import { runActionStep } from '../helpers/run-action.ts';

let server: TestServer;
let url: string;
let apiKey: string;
let repo: string;
let work: string;

/**
 * A repository whose release v1.1.0 holds, oldest first: a commit of 301 files, a docs-only and a
 * packaging-only change with untyped subjects, a product change with an untyped subject, a merged pull request (its branch's
 * commits are not first-parent), a rename and a typed fix.
 */
async function buildRepo(dir: string): Promise<void> {
  let clock = Date.parse('2024-05-01T10:00:00Z');
  // An hour apart, in order: each commit and tag has a date of its own.
  const at = () => new Date((clock += 3_600_000)).toISOString();
  const run = datedGit(dir);
  const git = (...args: string[]) => run(args, at());
  const commit = (message: string, files: Record<string, string>) =>
    commitFiles(run, dir, message, at(), files);
  const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} ${i}\n`).join('');
  await git('init', '-q', '-b', 'main');
  await commit('Initial commit', {
    'README.md': '# Tally\n',
    'src/main.rs': 'fn main() {}\n',
    'src/reader.rs': lines(12, 'read'),
  });
  await git('tag', 'v1.0.0');
  // More files than generate takes of one commit: sent without a detail, never with a partial list.
  await commit(
    'Add the word lists',
    Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`data/words/list-${i}.txt`, `word ${i}\n`])),
  );
  await commit('Explain the install steps', { 'docs/install.md': lines(8, 'step') });
  await commit('Refresh the Debian packaging', {
    'packaging/debian/control': lines(5, 'field'),
    'packaging/debian/rules': lines(2, 'rule'),
  });
  await commit('Count words in every file at once', {
    'src/main.rs': `fn main() {}\n${lines(20, '// count')}`,
  });
  await git('checkout', '-q', '-b', 'tags');
  await commit('add tags', { 'src/tags.rs': lines(6, 'tag') });
  await commit('test tags', { 'tests/tags.rs': lines(3, 'check') });
  await git('checkout', '-q', 'main');
  // GitHub's merge commit: the pull request's title is its body.
  await git(
    'merge',
    '-q',
    '--no-ff',
    '-m',
    'Merge pull request #7 from acme/tags',
    '-m',
    'Tag files and list them by tag',
    'tags',
  );
  await git('mv', 'src/reader.rs', 'src/input.rs');
  await git('commit', '-q', '-m', 'Rename the reader module');
  await commit('fix: crash on an empty file', { 'src/input.rs': `${lines(12, 'read')}guard\n` });
  await git('tag', 'v1.1.0');
}

/**
 * What each commit of v1.0.0..v1.1.0 changed, newest first: the `commitDetails` the Action sends (none
 * for the oldest, index 6: its 301 files are more than a detail lists).
 */
const DETAILS: CommitDetail[] = [
  { index: 0, files: ['src/input.rs'], additions: 1, deletions: 0 },
  { index: 1, files: ['src/input.rs'], additions: 0, deletions: 0 },
  { index: 2, files: ['src/tags.rs', 'tests/tags.rs'], additions: 9, deletions: 0 },
  { index: 3, files: ['src/main.rs'], additions: 20, deletions: 0 },
  { index: 4, files: ['packaging/debian/control', 'packaging/debian/rules'], additions: 7, deletions: 0 },
  { index: 5, files: ['docs/install.md'], additions: 8, deletions: 0 },
];

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ apiKey } = await server.project('pro'));
  repo = await mkdtemp(join(tmpdir(), 'shiplog-action-evidence-'));
  work = await mkdtemp(join(tmpdir(), 'shiplog-action-evidence-work-'));
  await buildRepo(repo);
});
afterAll(async () => {
  await server?.close();
  await rm(repo, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const step = (inputs: Record<string, string> = {}) =>
  runActionStep({
    work,
    workspace: repo,
    repository: 'acme/tally',
    inputs: {
      'api-url': url,
      'api-key': apiKey,
      'github-token': '',
      from: 'v1.0.0',
      to: 'v1.1.0',
      ...inputs,
    },
    event: { name: 'workflow_dispatch', payload: { inputs: {} } },
  });

type Changes = { commits: string[]; commitDetails?: CommitDetail[] };

/** The entry a run drafted: its body, and what generate received for it. */
async function drafted(entryId: string): Promise<{ body: string; changes: Changes }> {
  const res = await server.app.inject({
    url: `/api/v1/entries/${entryId}`,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const [row] = await server.db.sql<{ changes: Changes }[]>`
    select changes from entry_changes where entry_id = ${entryId}`;
  return { body: res.json().entry.body as string, changes: row!.changes };
}

describe('the bundled Action drafting from a checkout', () => {
  it("sends each first-parent commit's files and line counts from git, and docs-only changes are Maintenance", async () => {
    const run = await step();
    expect(run.stdout).not.toMatch(/::error::/);
    expect(run.code, run.stdout).toBe(0);
    const { body, changes } = await drafted(run.outputs['entry-id']!);
    expect(changes.commits.map((m) => m.split('\n')[0])).toEqual([
      'fix: crash on an empty file',
      'Rename the reader module',
      'Merge pull request #7 from acme/tags',
      'Count words in every file at once',
      'Refresh the Debian packaging',
      'Explain the install steps',
      'Add the word lists',
    ]);
    // Each detail names its commit, so a revert that names the commit cancels it.
    const shas = execFileSync('git', ['-C', repo, 'rev-list', '--first-parent', 'v1.0.0..v1.1.0'], {
      encoding: 'utf8',
    }).split('\n');
    expect(changes.commitDetails).toEqual(DETAILS.map((d) => ({ ...d, sha: shas[d.index] })));
    // A product change is an item; a change to the docs alone is not, whatever its words.
    expect(body).toMatch(/^- Count words in every file at once/m);
    expect(body).not.toMatch(/^- Explain the install steps/m);
    expect(body).toMatch(/^- Maintenance: 1 internal change$/m);
    // Packaging is not internal unless the repository says so (next test).
    expect(body).toMatch(/^- Refresh the Debian packaging/m);
    // Commits pushed straight to the branch stay items beside the merged pull request.
    expect(body).toMatch(/^- Fix crash on an empty file/m);
    expect(body).toMatch(/^- Tag files and list them by tag/m);
  });

  it('passes internal-paths, detail and sections, which shape the draft', async () => {
    const run = await step({
      'internal-paths': 'packaging/**, .devcontainer/**',
      sections: 'fix: Bug fixes\nimprovement: Changed\nfeature: Added',
      detail: 'full',
    });
    expect(run.code, run.stdout).toBe(0);
    const { body, changes } = await drafted(run.outputs['entry-id']!);
    expect(changes.commitDetails!.map(({ sha: _sha, ...detail }) => detail)).toEqual(DETAILS);
    // internal-paths: the packaging change joins the docs one in Maintenance.
    expect(body).not.toMatch(/^- Refresh the Debian packaging/m);
    expect(body).toMatch(/^- Maintenance: 2 internal changes$/m);
    expect(body).toMatch(/^- Count words in every file at once/m);
    // sections: the repository's headings, in its order.
    expect([...body.matchAll(/^### (.+)$/gm)].map((m) => m[1])).toEqual(['Bug fixes', 'Changed', 'Added']);
  });

  it('passes product-paths: what the repository calls its product is an item even in a docs folder', async () => {
    const run = await step({ 'product-paths': 'docs/install.md' });
    expect(run.code, run.stdout).toBe(0);
    const { body } = await drafted(run.outputs['entry-id']!);
    expect(body).toMatch(/^- Explain the install steps/m);
    expect(body).not.toMatch(/^- Maintenance/m);
  });

  it('`detail: highlights` drafts only the changes the notes would lead with', async () => {
    const run = await step({ detail: 'highlights' });
    expect(run.code, run.stdout).toBe(0);
    const draft = JSON.parse(run.outputs.draft!) as { detail: string; highlights: string[] };
    expect(draft.detail).toBe('highlights');
    const { body } = await drafted(run.outputs['entry-id']!);
    const items = [...body.matchAll(/^- (.+)$/gm)].map((m) => m[1]!);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(5);
    expect(body).not.toMatch(/^- Maintenance/m);
  });

  it('fails the step naming the input when a drafting input is not valid', async () => {
    const run = await step({ detail: 'everything', sections: 'fix: Bug fixes\nNo colon here' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::.*input detail: .*"full"/);
    expect(run.stdout).toMatch(/input sections line 2 \(category\)/);
  });
});
