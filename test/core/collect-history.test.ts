/**
 * A changelog's releases as git knows them, on a real repository (test/helpers/changelog-repo.ts):
 * tags in their common forms, first-parent commits between consecutive versions with their files and
 * line counts, what is cut and said; and the import plan's dates.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectReleaseHistory, findVersionTag } from '../../core/collect-history.ts';
import { parseChangelog } from '../../core/parse-changelog.ts';
import { planImport } from '../../core/plan-import.ts';
import { buildChangelogRepo, CHANGELOG, type ChangelogRepo, RELEASES } from '../helpers/changelog-repo.ts';

const exec = promisify(execFile);
let repo: ChangelogRepo;
const git = async (args: string[]) => (await exec('git', args, { cwd: repo.dir, maxBuffer: 1 << 26 })).stdout;

beforeAll(async () => {
  repo = await buildChangelogRepo();
});
afterAll(() => repo.remove());

describe('findVersionTag', () => {
  it('finds v1.2.0, 1.2.0, <name>-v1.2.0 and <name>@1.2.0, and no ambiguous one', () => {
    expect(findVersionTag(['v1.2.0', '1.2.0'], '1.2.0')).toBe('v1.2.0');
    expect(findVersionTag(['1.2.0'], '1.2.0')).toBe('1.2.0');
    expect(findVersionTag(['web@1.2.0', 'cli@1.2.0'], '1.2.0', ['cli'])).toBe('cli@1.2.0');
    expect(findVersionTag(['mytool-v1.2.0', 'v1.2.00'], '1.2.0')).toBe('mytool-v1.2.0');
    expect(findVersionTag(['web@1.2.0', 'cli@1.2.0'], '1.2.0')).toBeNull();
    expect(findVersionTag(['v1.2.0-rc.1', '11.2.0'], '1.2.0')).toBeNull();
  });
});

describe('collectReleaseHistory', () => {
  it("reads each version's tag, date and first-parent commits since the previous version, with their files", async () => {
    const histories = await collectReleaseHistory(
      git,
      RELEASES.map((r) => r.version),
    );
    expect(histories.map((h) => [h.version, h.tag, h.previousTag])).toEqual([
      ['1.0.0', 'rocket-v1.0.0', '0.2.0'],
      ['0.2.0', '0.2.0', 'v0.1.0'],
      ['0.1.0', 'v0.1.0', null],
    ]);
    for (const [i, expected] of RELEASES.entries()) {
      expect(histories[i]!.commits).toEqual(expected.commits);
      expect(histories[i]!.commitDetails.map((d) => d.files)).toEqual(expected.files);
      expect(histories[i]!).toMatchObject({ truncated: false, filesCut: 0, total: expected.commits.length });
    }
    // The branch's own commits are inside the merge, not the release's first-parent line.
    expect(histories[1]!.commits.join('\n')).not.toContain('wip:');
    // Each detail names its commit, so a revert that names the commit cancels it.
    const shas = (
      await git(['rev-list', '--first-parent', `${histories[1]!.previousTag}..${histories[1]!.tag}`])
    )
      .trim()
      .split('\n');
    expect(histories[1]!.commitDetails[2]).toEqual({
      index: 2,
      files: ['src/config.ts'],
      additions: 2,
      deletions: 2,
      sha: shas[2],
    });
    expect(new Date(histories[1]!.taggedAt!).toISOString()).toBe('2023-02-15T09:00:00.000Z');
  });

  it('keeps the newest commits past the limit, and the first 300 files of a commit, and says so', async () => {
    const limited = await collectReleaseHistory(git, ['0.2.0', '0.1.0'], { limit: 2 });
    expect(limited[0]).toMatchObject({ total: 3, truncated: true });
    expect(limited[0]!.commits).toEqual(['docs: explain launch', 'Merge pull request #4 from acme/launch']);

    await git(['checkout', '-q', '-b', 'wide']);
    for (let i = 0; i < 301; i++) {
      await mkdir(join(repo.dir, 'gen'), { recursive: true });
      await writeFile(join(repo.dir, 'gen', `f${i}.txt`), 'x\n');
    }
    await git(['add', '--all']);
    await git([
      '-c',
      'user.name=T',
      '-c',
      'user.email=t@example.com',
      'commit',
      '-q',
      '-m',
      'Generate files',
    ]);
    await git(['tag', 'v2.0.0']);
    const [wide] = await collectReleaseHistory(git, ['2.0.0', '1.0.0']);
    expect(wide).toMatchObject({ tag: 'v2.0.0', previousTag: 'rocket-v1.0.0', filesCut: 1 });
    expect(wide!.commitDetails[0]).toMatchObject({ additions: 301, deletions: 0 });
    expect(wide!.commitDetails[0]!.files).toHaveLength(300);
  });
});

describe('planImport', () => {
  it("dates each release by its heading's day (at the tag's time that day) or its tag, and skips the undated", async () => {
    const parsed = parseChangelog(CHANGELOG);
    const histories = await collectReleaseHistory(
      git,
      parsed.releases.map((r) => r.version),
    );
    const plan = planImport(parsed, histories, new Date('2024-01-01T00:00:00Z'));
    expect(plan.releases.map((p) => [p.release.version, p.release.publishedAt])).toEqual(
      RELEASES.map((r) => [r.version, r.publishedAt]),
    );
    expect(plan.releases[0]!.release.commits).toEqual(RELEASES[0].commits);
    expect(plan.skipped).toEqual([{ heading: 'Unreleased', version: null, reason: 'unreleased' }]);

    // Without git, 1.0.0 has no date; and nothing later than now is imported.
    const alone = planImport(parsed, null, new Date('2023-02-01T00:00:00Z'));
    expect(alone.releases.map((p) => p.release.version)).toEqual(['0.1.0']);
    expect(alone.releases[0]!.release).not.toHaveProperty('commits');
    expect(alone.skipped.map((s) => [s.version, s.reason])).toEqual([
      [null, 'unreleased'],
      ['1.0.0', 'no date in the heading (give the git directory: its tag dates it)'],
      ['0.2.0', 'dated 2023-02-15, not yet'],
    ]);
  });
});
