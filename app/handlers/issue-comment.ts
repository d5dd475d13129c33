/**
 * `/shiplog` commands (CONTRACT.md "GitHub App", issue "GitHub App" scope 5): only a newly created
 * comment on a pull request counts (an edit never runs one), its first line exactly the command
 * (commands/parse-command.ts). Bots are ignored. The commenter needs write, maintain or admin, asked of
 * `GET /repos/{owner}/{repo}/collaborators/{user}/permission` (never `author_association`, which says
 * nothing about write access); anyone else gets one polite reply and nothing runs.
 *
 * The app reacts 👀 when it starts, then 👍 when done or 😕 on failure (with a reply saying why):
 * GitHub's reactions have no ✅ or ❌. The sticky comment is rewritten to show the result.
 */
import type { Context } from 'probot';
import type { UpdateEntryInput } from '../../core/contract/entries.schema.ts';
import { explainFailure } from '../../core/explain-failure.ts';
import type { ShiplogApi } from '../../core/shiplog-client.ts';
import type { PagingGitHubClient } from '../../core/github-client.ts';
import type { IssueRef } from '../../core/upsert-draft-comment.ts';
import type { HandlerDeps } from '../app-deps.ts';
import { addChangesSinceEdit } from '../commands/add-changes.ts';
import { type Command, parseCommand } from '../commands/parse-command.ts';
import { loadRepoConfig, type RepoConfig, RepoConfigError } from '../repo-config.ts';
import { entryOf, readSticky, showEntry, showSkipped, type Sticky } from '../sticky-comment.ts';
import { draftPullRequest } from './pull-request.ts';

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

class CommandRefused extends Error {}

type EditCommand = Extract<Command, { name: 'title' | 'category' | 'visibility' | 'edit' }>;

/** The PATCH an editing command makes (it marks the entry edited, so pushes stop re-drafting it). */
function changesOf(command: EditCommand): UpdateEntryInput {
  switch (command.name) {
    case 'title':
      return { title: command.title };
    case 'category':
      return { category: command.category };
    case 'visibility':
      return { visibility: command.visibility };
    case 'edit':
      return { body: command.body };
  }
}

async function runCommand(
  context: CommentContext,
  command: Exclude<Command, { name: 'invalid' }>,
  shiplog: ShiplogApi,
  config: RepoConfig,
  issue: IssueRef,
  sticky: Sticky,
  who: string,
): Promise<void> {
  const octokit = context.octokit;
  if (command.name === 'regenerate') {
    const { data: pr } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      owner: issue.owner,
      repo: issue.repo,
      pull_number: issue.number,
    });
    const repository = { owner: issue.owner, repo: issue.repo, htmlUrl: context.payload.repository.html_url };
    const unskipped: Sticky = { ...sticky, skipped: false };
    await draftPullRequest(context, shiplog, config, pr, repository, unskipped, {
      regenerate: true,
      operation: `regenerate:${context.payload.comment.id}`,
      notice: `Drafted again by @${who}.`,
    });
    return;
  }
  const entry = await entryOf(shiplog, sticky, issue);
  if (command.name === 'skip') {
    if (entry?.status === 'published')
      throw new CommandRefused('The entry is already published; unpublish it in Shiplog first.');
    if (entry) await shiplog.deleteEntry(entry.id);
    await showSkipped(octokit, issue, sticky, `Skipped by @${who}.`);
    return;
  }
  if (!entry)
    throw new CommandRefused(
      'There is no draft on this pull request yet: push a commit or comment `/shiplog regenerate`.',
    );
  if (command.name === 'add') {
    if (entry.status === 'published')
      throw new CommandRefused('The entry is already published; unpublish it in Shiplog first.');
    const { entry: updated, head, added } = await addChangesSinceEdit(octokit, shiplog, issue, sticky, entry);
    if (added === 0) throw new CommandRefused('There are no changes since the entry was last drafted.');
    await showEntry(octokit, issue, sticky, {
      entry: updated,
      draft: null,
      head,
      notice: `${added} ${added === 1 ? 'change' : 'changes'} added by @${who}.`,
    });
    return;
  }
  if (command.name === 'publish') {
    const published = await shiplog.publishEntry(entry.id);
    await showEntry(octokit, issue, sticky, {
      entry: published,
      draft: null,
      notice: `Published by @${who}.`,
    });
    return;
  }
  const updated = await shiplog.updateEntry(entry.id, changesOf(command));
  await showEntry(octokit, issue, sticky, { entry: updated, draft: null, notice: `Edited by @${who}.` });
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
    const sticky = await readSticky(octokit, issue, await deps.appLogin());
    await runCommand(context, command, shiplog, config, issue, sticky, who);
    await react('+1');
  } catch (err) {
    await react('confused');
    await reply(`@${who} the command did not run: ${explainFailure(err)}`);
    // The reply is the answer; re-running the job would react and reply a second time.
    if (!(err instanceof CommandRefused)) context.log.warn({ err }, 'a /shiplog command failed');
  }
}
