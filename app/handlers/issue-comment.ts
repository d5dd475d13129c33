/**
 * `/shiplog` commands (docs/github-app.md#github-app, issue "GitHub App" scope 5): only a newly created
 * comment on a pull request counts (an edit never runs one), its first line exactly the command
 * (commands/parse-command.ts). Bots are ignored. The commenter needs write, maintain or admin, asked of
 * `GET /repos/{owner}/{repo}/collaborators/{user}/permission` (never `author_association`, which says
 * nothing about write access); anyone else gets one polite reply and nothing runs.
 *
 * The app reacts 👀 when it starts, then 👍 when done or 😕 on failure (with a reply saying why):
 * GitHub's reactions have no ✅ or ❌. The sticky comment is rewritten to show the result. In a monorepo
 * the command acts on every component's entry of the pull request, or on the one it names
 * (commands/run-command.ts); an entry it passed over is named in a reply.
 */
import type { Context } from 'probot';
import { explainFailure } from '../../core/explain-failure.ts';
import type { PagingGitHubClient } from '../../core/github-client.ts';
import type { HandlerDeps } from '../app-deps.ts';
import { parseCommand } from '../commands/parse-command.ts';
import { CommandRefused, describeRefusal, runCommand } from '../commands/run-command.ts';
import { pullRequestUnits } from '../pull-request-units.ts';
import { loadRepoConfig, type RepoConfig, RepoConfigError } from '../repo-config.ts';
import type { DraftablePullRequest } from '../draft-pull-request.ts';

type CommentContext = Context<'issue_comment.created'>;

const WRITE_ROLES = new Set(['admin', 'maintain', 'write']);

/** True when `username` may change the repository: role write, maintain or admin. */
export async function canWrite(
  octokit: PagingGitHubClient,
  repo: { owner: string; repo: string },
  username: string,
) {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
      ...repo,
      username,
    });
    const { permission, role_name: role } = data as { permission: string; role_name?: string };
    // `role_name` tells maintain and triage apart; `permission` (admin/write/read/none) covers custom roles.
    return WRITE_ROLES.has(role ?? '') || permission === 'admin' || permission === 'write';
  } catch (err) {
    if ((err as { status?: number }).status === 404) return false;
    throw err;
  }
}

export async function onIssueComment(context: CommentContext, deps: HandlerDeps): Promise<void> {
  const { payload } = context;
  if (!payload.issue.pull_request) return;
  if (payload.comment.user?.type === 'Bot' || payload.sender.type === 'Bot') return;
  const command = parseCommand(payload.comment.body);
  if (!command) return;
  const shiplog = await deps.shiplogFor(payload.repository.full_name);
  if (!shiplog) return;
  const octokit = context.octokit;
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const issue = { ...repo, number: payload.issue.number };
  const who = payload.comment.user?.login ?? payload.sender.login;
  const reply = (body: string) =>
    octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...repo,
      issue_number: issue.number,
      body,
    });
  const react = (content: 'eyes' | '+1' | 'confused') =>
    octokit.request('POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', {
      ...repo,
      comment_id: payload.comment.id,
      content,
    });

  if (!(await canWrite(octokit, repo, who))) {
    await reply(
      `@${who} thanks! Shiplog commands can be run by people with write access to this repository; a maintainer can run it for you.`,
    );
    return;
  }
  let config: RepoConfig;
  try {
    config = await loadRepoConfig(context);
  } catch (err) {
    if (!(err instanceof RepoConfigError)) throw err;
    await reply(`@${who} the command did not run: ${err.message}`);
    return;
  }
  if (!config.enabled) return;
  await react('eyes');
  try {
    if (command.name === 'invalid') throw new CommandRefused(command.reason);
    const login = await deps.appLogin();
    const full = payload.repository.full_name;
    const units = await pullRequestUnits(octokit, deps, full, config, shiplog, issue, login);
    let pullRequest: Promise<DraftablePullRequest> | undefined;
    const fetchPullRequest = async () => {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
        ...repo,
        pull_number: issue.number,
      });
      return data as DraftablePullRequest;
    };
    const run = { context, config, issue, who, pullRequest: () => (pullRequest ??= fetchPullRequest()) };
    const passedOver = await runCommand(run, command, units);
    await react('+1');
    if (passedOver.length)
      await reply(`@${who} done, except for ${passedOver.map(describeRefusal).join(' ')}`);
  } catch (err) {
    await react('confused');
    await reply(`@${who} the command did not run: ${explainFailure(err)}`);
    // The reply is the answer; re-running the job would react and reply a second time.
    if (!(err instanceof CommandRefused)) context.log.warn({ err }, 'a /shiplog command failed');
  }
}
