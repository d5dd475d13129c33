/**
 * `shiplog import`'s own side (docs/api.md#import-history-and-the-drafting-profile): read and parse the
 * changelog file, read each version's tag and commits from a git directory when given, and say what
 * would be imported (`--dry-run`) or hand the releases to the `entries.import` admin command. Runs in
 * the CLI's process, where the files are; the server only ever receives the releases.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { changelogAsMarkdown } from '../../core/changelog-file/read-changelog-markup.ts';
import { collectReleaseHistory, FILE_LIMIT } from '../../core/collect-history.ts';
import { parseChangelog } from '../../core/parse-changelog.ts';
import { type ImportPlan, planImport, tagDateWarning } from '../../core/plan-import.ts';
import { CommandFailedError } from './run-admin-command.ts';

const run = promisify(execFile);

export type ImportOptions = { changelog: string; gitDir?: string; names?: string[] };

/** Git in `dir`; fails with one line naming the directory when it is not a repository. */
async function gitIn(dir: string) {
  const git = async (args: string[]) =>
    (await run('git', ['-C', dir, ...args], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  try {
    await git(['rev-parse', '--git-dir']);
  } catch {
    throw new CommandFailedError(
      `${dir} is not a git repository (give --git-dir the directory of your checkout)`,
    );
  }
  return git;
}

/**
 * @returns what would be imported, with what git said about each release.
 * @throws CommandFailedError for a file it cannot read, a directory that is not a repository, or a
 *   changelog that holds no release to import.
 */
export async function prepareImport(options: ImportOptions, now = new Date()): Promise<ImportPlan> {
  const path = resolve(options.changelog);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new CommandFailedError(
      `cannot read the changelog ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  // A reStructuredText changelog (`.rst`, or no extension and written so) is read as its Markdown.
  const parsed = parseChangelog(changelogAsMarkdown(path, text));
  const histories = options.gitDir
    ? await collectReleaseHistory(
        await gitIn(resolve(options.gitDir)),
        parsed.releases.map((r) => r.version),
        { names: options.names ?? [] },
      )
    : null;
  const plan = planImport(parsed, histories, now);
  if (plan.releases.length === 0) {
    const first = plan.skipped[0];
    throw new CommandFailedError(
      first
        ? `nothing to import from ${path}: ${plan.skipped.length} section(s) skipped, the first "${first.heading}" (${first.reason})`
        : `no release found in ${path}: versions are read from headings such as "## 1.2.0", "## [1.2.0] - 2024-01-02" or "Version 1.2.0" (in a .rst file, titles such as "1.2.0 (2024-01-02)" underlined)`,
    );
  }
  return plan;
}

export type ImportWarning = { version: string; message: string };

/** What git cut (commits past 500: the newest kept; files past 300), one warning each. */
export function cutNotes(plan: ImportPlan): ImportWarning[] {
  return plan.releases.flatMap(({ release: { version }, history }) => [
    ...(history?.truncated
      ? [{ version, message: `${history.commits.length} of ${history.total} commits sent (the newest)` }]
      : []),
    ...(history?.filesCut
      ? [
          {
            version,
            message: `${history.filesCut} commit(s) changed more than ${FILE_LIMIT} files; the first ${FILE_LIMIT} were sent`,
          },
        ]
      : []),
  ]);
}

/** `--dry-run`'s warnings: what git cut, and changelog dates more than a day from their tag's. */
function planWarnings(plan: ImportPlan): ImportWarning[] {
  const dates = plan.releases.flatMap(({ release }) => {
    const message = tagDateWarning(
      new Date(release.publishedAt),
      release.taggedAt ? new Date(release.taggedAt) : null,
    );
    return message ? [{ version: release.version, message }] : [];
  });
  return [...dates, ...cutNotes(plan)];
}

/** `--dry-run`: what would be imported (version, date, commits), and nothing written. */
export function describePlan(plan: ImportPlan, slug: string, asJson: boolean): string {
  const rows = plan.releases.map(({ release, history }) => ({
    version: release.version,
    publishedAt: release.publishedAt,
    ...(release.title ? { title: release.title } : {}),
    tag: history?.tag ?? null,
    previousTag: history?.previousTag ?? null,
    commits: history?.commits.length ?? 0,
    totalCommits: history?.total ?? 0,
  }));
  const skipped = plan.skipped.map((s) => ({ version: s.version, heading: s.heading, reason: s.reason }));
  const warnings = planWarnings(plan);
  if (asJson)
    return `${JSON.stringify({ dryRun: true, project: slug, releases: rows, skipped, warnings })}\n`;
  const lines = rows.map((r) => {
    const range = r.tag
      ? `${r.commits} commit(s) ${r.previousTag ? `${r.previousTag}..${r.tag}` : `up to ${r.tag}`}`
      : 'no tag';
    return `  ${r.version}  ${r.publishedAt.slice(0, 10)}  ${range}`;
  });
  return `Would import ${rows.length} release(s) into ${slug} (dry run: nothing was written):
${lines.join('\n')}
${plan.skipped.map((s) => `  skipped "${s.heading}": ${s.reason}\n`).join('')}${warnings
    .map((w) => `  warning: ${w.version}: ${w.message}\n`)
    .join('')}`;
}
