/**
 * Where a draft goes once made, with a server or without: the job summary (or the log, outside a
 * runner), the sticky comment on a pull request, and the GitHub Release's notes between Shiplog's
 * markers (`release-notes: true`).
 */
import * as core from '@actions/core';
import { writeReleaseNotes } from '../core/release-notes-body.ts';
import type { RangeRequest } from '../core/resolve-range.ts';
import { upsertDraftComment } from '../core/upsert-draft-comment.ts';
import type { StepContext } from './step-context.ts';

/**
 * @param markdown the comment and summary (render-draft-comment.ts).
 * @param notes the Markdown written into the release's body.
 */
export async function postDraft(
  ctx: StepContext,
  range: RangeRequest,
  markdown: string,
  notes: string,
): Promise<void> {
  const { inputs, repo, payload } = ctx;
  // Only a runner has a job summary (`@github/local-action` and other local runs have none): there
  // the draft goes to the log instead of failing the step.
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(markdown).write();
  else core.info(`No job summary here (GITHUB_STEP_SUMMARY is not set); the draft:\n${markdown}`);

  const comment = inputs.comment ?? (range.kind === 'pull_request' && inputs.githubToken !== '');
  if (inputs.comment === null && range.kind === 'pull_request' && !comment) {
    core.notice('The github-token input is empty, so the draft was not posted as a pull request comment.');
  }
  if (comment && range.kind === 'pull_request') {
    const posted = await upsertDraftComment(
      ctx.api('commenting on the pull request'),
      { ...repo, number: range.number },
      markdown,
      null,
    );
    core.info(`${posted.created ? 'Posted' : 'Updated'} the draft comment on #${range.number}`);
  }
  const releaseId = (payload.release as { id?: number } | undefined)?.id;
  if (inputs.releaseNotes && range.kind === 'release' && releaseId) {
    const written = await writeReleaseNotes(
      ctx.api('writing the release notes (it needs `permissions: contents: write`)'),
      { ...repo, releaseId },
      notes,
    );
    core.info(written ? `Wrote the notes into release ${range.tag}` : 'The release notes were up to date');
  }
}
