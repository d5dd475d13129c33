/**
 * The Action: inputs → the range of the triggering event → with a Shiplog server (`api-url` and
 * `api-key`: run-with-server.ts) or without one (run-in-runner.ts: drafted in the runner) → outputs, job
 * summary, sticky PR comment, release notes, changelog. The one place that reads the workflow context;
 * failures are reported here.
 *
 * Importing this module has no side effects: `action/index.ts` calls `run()`, and so can
 * `@github/local-action` (`npm run local-action`) or a test.
 */
import * as core from '@actions/core';
import * as github from '@actions/github';
import { explainFailure } from '../core/explain-failure.ts';
import { resolveRange } from '../core/resolve-range.ts';
import { readInputs } from './inputs.ts';
import { runInRunner } from './run-in-runner.ts';
import { runWithServer } from './run-with-server.ts';
import { gitIn, lazyOctokit, type StepContext } from './step-context.ts';

/** Runs the Action once; failures are reported with `core.setFailed` (exit code 1), never thrown. */
export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    const { eventName, payload, repo } = github.context;
    const resolved = resolveRange(eventName, payload, repo, { from: inputs.from, to: inputs.to });
    const workspace = process.env.GITHUB_WORKSPACE ?? null;
    const ctx: StepContext = {
      inputs,
      payload,
      repo,
      resolved,
      workspace,
      git: workspace ? gitIn(workspace) : null,
      api: lazyOctokit(inputs.githubToken),
      repositoryUrl: `${github.context.serverUrl}/${repo.owner}/${repo.repo}`,
    };
    if (!inputs.apiUrl && !inputs.apiKey) return await runInRunner(ctx);
    if (!inputs.apiUrl)
      throw new Error('The api-url input is empty: give the URL of your Shiplog server with the api-key.');
    if (!inputs.apiKey) {
      if (resolved.kind === 'pull_request' && resolved.fromFork) {
        core.notice(
          'No Shiplog API key: secrets are not given to workflows of pull requests from forks, so no draft was made. This is not an error.',
        );
        return;
      }
      throw new Error(
        'The api-key input is empty. Store a Shiplog API key as a repository secret and pass it: `api-key: ${{ secrets.SHIPLOG_API_KEY }}`. (Without both api-url and api-key the Action drafts in the runner, without a server.)',
      );
    }
    await runWithServer(ctx, { url: inputs.apiUrl, key: inputs.apiKey });
  } catch (err) {
    core.setFailed(explainFailure(err));
  }
}
