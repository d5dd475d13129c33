/**
 * The Action without a server (no `api-url`, no `api-key`; docs/github-action.md "Without a server"):
 * the range's changes → the profile learned in memory from the checkout's changelog → the draft made in
 * the runner by core/drafting (core/draft-in-runner.ts) → outputs (`title`, `body`, `draft`,
 * `suggested-version`), job summary, sticky pull-request comment, release notes, and
 * (`update-changelog`) the changelog. No network call but GitHub's API.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as core from '@actions/core';
import { changelogAsMarkdown } from '../core/changelog-file/read-changelog-markup.ts';
import { draftInRunner } from '../core/draft-in-runner.ts';
import { renderDraftComment } from '../core/render-draft-comment.ts';
import { postDraft } from './post-draft.ts';
import { releaseRequest } from './release-request.ts';
import type { StepContext } from './step-context.ts';
import { DEFAULT_CHANGELOG, updateChangelog } from './update-changelog.ts';

/** The file's text, or null when it does not exist. */
async function readOptional(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function runInRunner(ctx: StepContext): Promise<void> {
  const { inputs, git, api } = ctx;
  if (inputs.publish)
    core.warning('publish: true needs a Shiplog server (api-url and api-key); nothing was published.');
  if (inputs.importChangelog)
    core.info(
      'import-changelog needs a Shiplog server; without one the changelog is learned from on every run.',
    );
  const request = await releaseRequest(ctx);
  const { range, version } = request;
  const changelog = resolve(ctx.workspace ?? process.cwd(), inputs.changelogFile ?? DEFAULT_CHANGELOG);
  const result = await draftInRunner(
    {
      git,
      api,
      log: { info: core.info, warning: core.warning },
      // A reStructuredText changelog is learned from as its Markdown.
      readChangelog: async () => {
        const text = await readOptional(changelog);
        return text === null ? null : changelogAsMarkdown(changelog, text);
      },
      now: () => performance.now(),
    },
    {
      ...request,
      publish: false,
      operation: 'generate',
    },
  );
  const { draft, commits, timings } = result;
  if (!draft) {
    core.notice('No commits in this range: nothing to draft.');
    return;
  }
  core.info(
    `Drafted in the runner without a server: ${draft.title} (gathering ${Math.round(timings.gatherMs)} ms, learning ${Math.round(timings.learnMs)} ms, drafting ${Math.round(timings.draftMs)} ms)`,
  );
  core.setOutput('title', draft.title);
  core.setOutput('body', draft.body);
  core.setOutput('commit-count', String(commits.messages.length));
  core.setOutput('draft', JSON.stringify(draft));
  if (draft.suggestedVersion) core.setOutput('suggested-version', draft.suggestedVersion);
  const truncated = commits.truncated ? { total: commits.total, kept: commits.messages.length } : null;
  const entry = {
    id: null,
    title: draft.title,
    category: draft.category,
    version: draft.version,
    visibility: inputs.visibility,
    status: 'draft' as const,
    body: draft.body,
    editedAt: null,
  };
  await postDraft(ctx, range, renderDraftComment({ entry, draft, link: null, truncated }), draft.body);
  if (inputs.updateChangelog)
    await updateChangelog(ctx, range, { version: version ?? draft.suggestedVersion, body: draft.body });
}
