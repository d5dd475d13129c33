/**
 * The Action with a Shiplog server (`api-url`, `api-key`): (`import-changelog`: the changelog's history
 * imported once, import-history.ts) → core/request-draft.ts (commits from local git when the checkout
 * has the range, else the REST API → POST /api/v1/entries/generate) → outputs, job summary, sticky PR
 * comment, release notes, and (`update-changelog`) the changelog.
 */
import * as core from '@actions/core';
import { changesSince, renderChangesSinceEdit } from '../core/changes-since-edit.ts';
import { requestDraft } from '../core/request-draft.ts';
import { renderDraftComment } from '../core/render-draft-comment.ts';
import { createShiplogClient } from '../core/shiplog-client.ts';
import { importHistory } from './import-history.ts';
import { postDraft } from './post-draft.ts';
import { releaseRequest } from './release-request.ts';
import type { StepContext } from './step-context.ts';
import { updateChangelog } from './update-changelog.ts';

export async function runWithServer(ctx: StepContext, server: { url: string; key: string }): Promise<void> {
  const { inputs, repo, git, api } = ctx;
  core.setSecret(server.key);
  const shiplog = createShiplogClient({
    baseUrl: server.url,
    apiKey: server.key,
    userAgent: 'shiplog-action',
  });
  const request = await releaseRequest(ctx);
  const { range, version } = request;
  if (inputs.importChangelog)
    await importHistory(inputs.importChangelog, {
      shiplog,
      git,
      workspace: ctx.workspace ?? process.cwd(),
      repository: `${repo.owner}/${repo.repo}`,
      drafting: version ?? null,
    });
  const { commits, generated, entry } = await requestDraft(
    { git, api, shiplog, log: { info: core.info, warning: core.warning } },
    {
      ...request,
      publish: inputs.publish,
      operation: inputs.publish ? 'generate+publish' : 'generate',
    },
  );
  if (!generated || !entry) {
    core.notice('No commits in this range: nothing to draft.');
    return;
  }
  const { draft, replayed } = generated;
  core.info(
    `${replayed ? 'Found the entry of an earlier run' : draft ? 'Drafted' : 'Kept the edited or published entry'} ${entry.id}: ${entry.title}`,
  );
  core.setOutput('entry-id', entry.id);
  core.setOutput('entry-slug', entry.slug);
  core.setOutput('entry-status', entry.status);
  core.setOutput('title', entry.title);
  core.setOutput('body', entry.body);
  core.setOutput('commit-count', String(commits.messages.length));
  core.setOutput('draft', JSON.stringify(draft));
  if (draft?.suggestedVersion) core.setOutput('suggested-version', draft.suggestedVersion);
  if (!draft)
    core.notice(
      `Entry ${entry.id} was ${entry.status === 'published' ? 'published' : 'edited by a person'}, so it was left as it is.`,
    );
  else if (draft.commits.ignored > 0)
    core.notice(
      `${draft.commits.ignored} of ${draft.commits.received} commits were ignored (merges, releases, noise, duplicates).`,
    );

  // A draft links to its key-less preview (as readers will see it); a published entry to nothing
  // that needs a key.
  if (entry.previewUrl) core.setOutput('preview-url', entry.previewUrl);
  const truncated = commits.truncated ? { total: commits.total, kept: commits.messages.length } : null;
  // An edited entry is kept: the changes pushed since it was drafted are listed, not dropped.
  const pending =
    !draft && entry.status === 'draft' && entry.editedAt && range.kind === 'pull_request'
      ? changesSince(commits.commits, entry.source?.headSha ?? null)
      : [];
  const sinceEdit = pending.length ? renderChangesSinceEdit(pending, false) : null;
  if (pending.length) core.notice(`${pending.length} changes since the entry was edited are not in it.`);
  const markdown = renderDraftComment({ entry, draft, link: entry.previewUrl, truncated, sinceEdit });
  await postDraft(ctx, range, markdown, entry.body);
  if (inputs.updateChangelog)
    await updateChangelog(ctx, range, {
      version: version ?? draft?.suggestedVersion ?? entry.version ?? null,
      body: entry.body,
    });
}
