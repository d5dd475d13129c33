/**
 * The Action: inputs → (`import-changelog`: the changelog's history imported once, import-history.ts)
 * → range of the triggering event → core/draft-release.ts (commits from local git
 * when the checkout has the range, else the REST API → POST /api/v1/entries/generate) → outputs, job
 * summary, sticky PR comment. The one place that touches @actions/core and the workflow context.
 *
 * Importing this module has no side effects: `action/index.ts` calls `run()`, and so can
 * `@github/local-action` (`npm run local-action`) or a test.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { draftRelease } from '../core/draft-release.ts';
import type { GitRunner } from '../core/collect-commits.ts';
import { explainFailure } from '../core/explain-failure.ts';
import { changesSince, renderChangesSinceEdit } from '../core/changes-since-edit.ts';
import { writeReleaseNotes } from '../core/release-notes-body.ts';
import { renderDraftComment } from '../core/render-draft-comment.ts';
import { type RangeRequest, resolveRange } from '../core/resolve-range.ts';
import { createShiplogClient } from '../core/shiplog-client.ts';
import { upsertDraftComment } from '../core/upsert-draft-comment.ts';
import { componentRange } from './component-range.ts';
import { importHistory } from './import-history.ts';
import { readInputs } from './inputs.ts';

const run$ = promisify(execFile);

function gitIn(cwd: string): GitRunner {
  return async (args) => (await run$('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 })).stdout;
}

type Octokit = ReturnType<typeof github.getOctokit>;

/**
 * The GitHub client, made on first use: a checkout that holds the whole range needs no API call, so
 * an empty `github-token` only fails when a call is really needed, and says which.
 */
function lazyOctokit(token: string): (why: string) => Octokit {
  let octokit: Octokit | undefined;
  return (why) => {
    if (!token) {
      throw new Error(
        `The github-token input is empty, but ${why} needs the GitHub API. Pass \`github-token: \${{ github.token }}\` (the default), or check out the whole range with \`fetch-depth: 0\`.`,
      );
    }
    octokit ??= github.getOctokit(token);
    return octokit;
  };
}

/** Runs the Action once; failures are reported with `core.setFailed` (exit code 1), never thrown. */
export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    const { eventName, payload, repo } = github.context;
    const resolved: RangeRequest = resolveRange(eventName, payload, repo, {
      from: inputs.from,
      to: inputs.to,
    });

    if (!inputs.apiKey) {
      if (resolved.kind === 'pull_request' && resolved.fromFork) {
        core.notice(
          'No Shiplog API key: secrets are not given to workflows of pull requests from forks, so no draft was made. This is not an error.',
        );
        return;
      }
      throw new Error(
        'The api-key input is empty. Store a Shiplog API key as a repository secret and pass it: `api-key: ${{ secrets.SHIPLOG_API_KEY }}`.',
      );
    }
    core.setSecret(inputs.apiKey);

    const workspace = process.env.GITHUB_WORKSPACE;
    const git = workspace ? gitIn(workspace) : null;
    const api = lazyOctokit(inputs.githubToken);
    const shiplog = createShiplogClient({
      baseUrl: inputs.apiUrl,
      apiKey: inputs.apiKey,
      userAgent: 'shiplog-action',
    });
    if (inputs.importChangelog)
      await importHistory(inputs.importChangelog, {
        shiplog,
        git,
        workspace: workspace ?? process.cwd(),
        repository: `${repo.owner}/${repo.repo}`,
      });
    const { range, version: componentVersion } = inputs.component
      ? await componentRange(resolved, inputs.component, { git, api })
      : { range: resolved, version: undefined };
    const { commits, generated, entry } = await draftRelease(
      { git, api, shiplog, log: { info: core.info, warning: core.warning } },
      {
        range,
        component: inputs.component,
        paths: inputs.includePaths.length ? inputs.includePaths : undefined,
        // References in the draft link to this repository (GitHub Enterprise included).
        repositoryUrl: `${github.context.serverUrl}/${repo.owner}/${repo.repo}`,
        version: inputs.version ?? componentVersion ?? (range.kind === 'release' ? range.tag : undefined),
        category: inputs.category,
        drafting: { internalPaths: inputs.internalPaths, detail: inputs.detail, sections: inputs.sections },
        visibility: inputs.visibility,
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
    core.setOutput('commit-count', String(commits.messages.length));
    core.setOutput('draft', JSON.stringify(draft));
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
        api('commenting on the pull request'),
        { ...repo, number: range.number },
        markdown,
        null,
      );
      core.info(`${posted.created ? 'Posted' : 'Updated'} the draft comment on #${range.number}`);
    }
    const releaseId = (payload.release as { id?: number } | undefined)?.id;
    if (inputs.releaseNotes && range.kind === 'release' && releaseId) {
      const written = await writeReleaseNotes(
        api('writing the release notes (it needs `permissions: contents: write`)'),
        { ...repo, releaseId },
        entry.body,
      );
      core.info(written ? `Wrote the notes into release ${range.tag}` : 'The release notes were up to date');
    }
  } catch (err) {
    core.setFailed(explainFailure(err));
  }
}
