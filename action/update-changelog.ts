/**
 * `update-changelog: true` (docs/github-action.md "CHANGELOG.md in its own format"): the drafted release
 * written into the repository's changelog in the file's own format, by position
 * (core/changelog-file/): at the top, or in place when the file already has the version. With
 * `changelog-pull-request: true` the change goes to one pull request from `shiplog/changelog`
 * (core/changelog-pull-request.ts), else the file is left changed in the workspace for the workflow's
 * next step. Sets the `changelog` output (`inserted`, `replaced` or `unchanged`) and, for a pull
 * request, `changelog-pull-request` (its number). A reStructuredText changelog (`.rst`) is left as it
 * is, with a warning: the writer writes Markdown.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { changelogMarkup } from '../core/changelog-file/read-changelog-markup.ts';
import { writeDraftedRelease } from '../core/changelog-file/write-drafted-release.ts';
import { proposeChangelog } from '../core/changelog-pull-request.ts';
import { splitTag } from '../core/drafting/index.ts';
import type { RangeRequest } from '../core/resolve-range.ts';
import type { StepContext } from './step-context.ts';

export const DEFAULT_CHANGELOG = 'CHANGELOG.md';

/** The release's day (its `published_at`), else today, as `YYYY-MM-DD` (UTC). */
function releaseDay(payload: StepContext['payload']): string {
  const at = (payload.release as { published_at?: string | null } | undefined)?.published_at;
  const date = at ? new Date(at) : new Date();
  return (Number.isNaN(date.getTime()) ? new Date() : date).toISOString().slice(0, 10);
}

async function readOrEmpty(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}

/**
 * @param release.version the version or tag to write (`v1.4.0`: the prefix is dropped), or null when
 *   none is known (then nothing is written, with a warning).
 */
export async function updateChangelog(
  ctx: StepContext,
  range: RangeRequest,
  release: { version: string | null | undefined; body: string },
): Promise<void> {
  const { inputs, repo } = ctx;
  if (!release.version) {
    core.warning(
      'update-changelog: no version to write (give the version input); the changelog was not changed.',
    );
    return;
  }
  const version = splitTag(release.version)?.[1] ?? release.version;
  const path = inputs.changelogFile ?? DEFAULT_CHANGELOG;
  const entry = { version, date: releaseDay(ctx.payload), body: release.body };
  let action: 'inserted' | 'replaced' | 'unchanged' = 'unchanged';
  let restructured = false;
  const write = (current: string) => {
    // The writer writes Markdown: a reStructuredText changelog is read (learned from, imported), never written.
    if (changelogMarkup(path, current) === 'rst') {
      restructured = true;
      return current;
    }
    const written = writeDraftedRelease(current, entry);
    action = written.action;
    return written.text;
  };
  const warnIfRestructured = () => {
    if (restructured)
      core.warning(
        `update-changelog: ${path} is reStructuredText, and Shiplog writes Markdown changelogs only; it was not changed.`,
      );
  };
  if (inputs.changelogPullRequest) {
    const base = (ctx.payload.repository as { default_branch?: string } | undefined)?.default_branch;
    const outcome = await proposeChangelog(
      ctx.api(
        'the changelog pull request (it needs `permissions: contents: write` and `pull-requests: write`)',
      ),
      {
        ...repo,
        path,
        base,
        write,
        title: `docs(changelog): ${version}`,
        message: `docs(changelog): ${version}\n\nWritten by Shiplog from the ${range.kind === 'release' ? `release ${range.tag}` : 'drafted release'}.`,
        body: `Shiplog wrote the section of **${version}** into \`${path}\`, in the file's own format.\n\nEdit this branch as you like; the next run updates this pull request (it never opens a second one).`,
      },
    );
    warnIfRestructured();
    core.setOutput('changelog', action);
    if (outcome.number) core.setOutput('changelog-pull-request', String(outcome.number));
    core.info(
      outcome.action === 'unchanged'
        ? `${path} already says this about ${version}: no pull request change`
        : `${outcome.action === 'opened' ? 'Opened' : 'Updated'} the changelog pull request #${outcome.number}: ${outcome.url}`,
    );
    return;
  }
  const file = resolve(ctx.workspace ?? process.cwd(), path);
  const current = await readOrEmpty(file);
  const text = write(current);
  if (text !== current) await writeFile(file, text);
  warnIfRestructured();
  core.setOutput('changelog', action);
  core.info(`${path}: ${version} ${action} (left changed in the workspace for the next step)`);
}
