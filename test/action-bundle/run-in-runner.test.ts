/**
 * The Action without a server, through the committed bundle run as the runner runs it (INPUT_*
 * variables, the event file, GITHUB_OUTPUT, a checkout in GITHUB_WORKSPACE), on real git repositories
 * around changelogs in seven formats (test/fixtures/changelogs/): it learns from the file and its tags,
 * drafts the release, sets `title`, `body`, `draft` and `suggested-version`, and with
 * `update-changelog` writes the release into the file in the file's own format, by position; a second
 * run leaves the file byte-identical. Every connection the step opens is recorded
 * (helpers/network-guard.ts): without a server it opens none but GitHub's API.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDraftedRelease } from '../../core/changelog-file/write-drafted-release.ts';
import { parseChangelog } from '../../core/parse-changelog.ts';
import { buildFormatRepo, type FormatRepo } from '../helpers/format-repo.ts';
import { runActionStep } from '../helpers/run-action.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const DAY = '2026-01-02';

/** `text` as whole lines of the file. */
const line = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm');

/**
 * The six forms of the issue and monolog's: the fixture, how a new release's heading looks in it (N: the
 * version), and how its items begin.
 */
const FORMATS = [
  [
    'Keep a Changelog with link references',
    'keep-a-changelog.md',
    (n: string) => line(`## [${n}] - ${DAY}`),
    '- ',
  ],
  ['`# v1.2.0`', 'bat.md', (n: string) => line(`# v${n}`), '- '],
  ['`1.2.0 / date`', 'express-history.md', (n: string) => line(`${n} / ${DAY}\n===================`), '* '],
  [
    'setext headings',
    'ripgrep.md',
    (n: string) => line(`${n} (${DAY})\n${'='.repeat(`${n} (${DAY})`.length)}`),
    '* ',
  ],
  [
    "release-please's",
    'release-please.md',
    (n: string) =>
      line(`## [${n}](https://github.com/googleapis/release-please/compare/v16.0.0...v${n}) (${DAY})`),
    '* ',
  ],
  ['free-form', 'prettier.md', (n: string) => line(`# ${n}`), '- '],
  ['`### 3.10.0 (date)` over `  * ` items', 'monolog.md', (n: string) => line(`### ${n} (${DAY})`), '  * '],
] as const;

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shiplog-runner-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

function releaseEvent(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.release.tag_name = tag;
  (payload.release as { published_at: string }).published_at = `${DAY}T10:00:00Z`;
  payload.repository.full_name = 'acme/app';
  return { name: 'release', payload };
}

/** The lines of `markdown` but the link definitions of `version` and of Unreleased (the writer moves those). */
function withoutDefinitions(markdown: string, version: string): string {
  const definition = new RegExp(`^\\[(unreleased|v?${version.replace(/\./g, '\\.')})\\]:`, 'i');
  return markdown
    .split('\n')
    .filter((line) => !definition.test(line))
    .join('\n');
}

/** The lines `after` inserted into `before` in one place (the test fails when they differ anywhere else). */
function insertion(before: string, after: string): string {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  expect(p + s, 'one insertion, every other byte as it was').toBe(before.length);
  // Whole lines: the new heading may share its first characters with the old one.
  const end = after.indexOf('\n', after.length - s);
  return after.slice(after.lastIndexOf('\n', p - 1) + 1, end === -1 ? after.length : end);
}

describe.each(FORMATS)('without a server, a changelog in the form %s (%s)', (_form, file, heading, item) => {
  let repo: FormatRepo;
  beforeAll(async () => {
    repo = await buildFormatRepo(file, { tagNext: true });
  });
  afterAll(() => repo.remove());

  const step = () =>
    runActionStep({
      work,
      workspace: repo.dir,
      repository: 'acme/app',
      inputs: { 'github-token': '', 'update-changelog': 'true' },
      event: releaseEvent(`v${repo.next}`),
      // A port fetch does not refuse by itself, so any call would reach the guard and be recorded.
      githubApiUrl: 'http://127.0.0.1:65000',
      allowConnections: [],
    });

  it('drafts from the learned file, writes the release in its format at the top, and a re-run changes nothing', async () => {
    const first = await step();
    expect(first.stdout).not.toMatch(/::error::/);
    expect(first.code, first.stdout).toBe(0);
    expect(first.connections).toEqual([]);
    expect(first.stdout).toMatch(
      /Learned how this project writes its notes from \d+ of the changelog's \d+ releases/,
    );
    const draft = JSON.parse(first.outputs.draft!);
    expect(draft.provider).toBe('offline');
    expect(draft.profile.releasesLearned).toBeGreaterThan(0);
    expect(first.outputs.title).toBe(draft.title);
    expect(first.outputs.body).toBe(draft.body);
    expect(first.outputs.body).toContain('export command');
    // The previous release (the newest tag) bumped by a feature.
    expect(first.outputs['suggested-version']).toBe(`v${repo.next}`);
    expect(first.outputs.changelog).toBe('inserted');

    const after = await readFile(join(repo.dir, 'CHANGELOG.md'), 'utf8');
    const parsed = parseChangelog(after).releases;
    expect(parsed[0]!.version).toBe(repo.next);
    expect(parsed.filter((r) => r.version === repo.next)).toHaveLength(1);
    // Every other byte stays: the new section is one insertion (its link definitions aside).
    const inserted = insertion(
      withoutDefinitions(repo.changelog, repo.next),
      withoutDefinitions(after, repo.next),
    );
    expect(inserted).toMatch(heading(repo.next));
    expect(inserted).toContain(`\n${item}Add the export command`);
    // The draft's `https:\/\/` is written as the file writes URLs, and no other escape is added.
    expect(first.outputs.body).toContain('https:\\/\\/example.com/feed_v2');
    expect(inserted).toContain(' input_file from https://example.com/feed_v2 ');
    expect(inserted).not.toContain('\\');
    // The older releases read exactly as before.
    expect(parsed.slice(1).map((r) => [r.version, r.notes])).toEqual(
      parseChangelog(repo.changelog).releases.map((r) => [r.version, r.notes]),
    );

    const second = await step();
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs.changelog).toBe('unchanged');
    expect(await readFile(join(repo.dir, 'CHANGELOG.md'), 'utf8')).toBe(after);
  });

  it("round-trips: each version's own notes written back by the Action's writer leave the file byte-identical", () => {
    const { releases } = parseChangelog(repo.changelog);
    expect(releases.length).toBeGreaterThanOrEqual(3);
    for (const release of releases) {
      const out = writeDraftedRelease(repo.changelog, {
        version: release.version,
        date: release.date,
        body: release.notes,
      });
      expect(out.text, release.version).toBe(repo.changelog);
      expect(out.action, release.version).toBe('unchanged');
    }
  });
});
