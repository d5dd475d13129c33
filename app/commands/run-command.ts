/**
 * Running one `/shiplog` command (commands/parse-command.ts) on the entries of a pull request
 * (pull-request-units.ts): every component's entry in a monorepo, or the one the command names
 * (`/shiplog web publish`). Each entry's sticky comment is rewritten to show the result.
 *
 * Across several entries a command does what applies to each: an entry it cannot act on (no draft yet,
 * already published) is passed over and named in the reply, so nothing is skipped silently; only when
 * it acted on none is the command refused. A skipped component's entry is left alone unless the
 * command is `regenerate` (which drafts it after all) or names it.
 */
import type { Context } from 'probot';
import type { UpdateEntryInput } from '../../core/contract/entries.schema.ts';
import type { IssueRef } from '../../core/upsert-draft-comment.ts';
import { draftPullRequest, type DraftablePullRequest } from '../draft-pull-request.ts';
import type { Unit } from '../pull-request-units.ts';
import type { RepoConfig } from '../repo-config.ts';
import { entryOf, showEntry, showSkipped } from '../sticky-comment.ts';
import { addChangesSinceEdit } from './add-changes.ts';
import type { Command } from './parse-command.ts';

type CommentContext = Context<'issue_comment.created'>;

/** A command that cannot run as asked; the reply says why (a maintainer's answer, not a failure). */
export class CommandRefused extends Error {}

export type RunnableCommand = Exclude<Command, { name: 'invalid' }>;
type EditCommand = Extract<RunnableCommand, { name: 'title' | 'category' | 'visibility' | 'edit' }>;

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

/** What a command runs with besides the entry: the pull request (asked of GitHub once), who asked. */
type CommandRun = {
  context: CommentContext;
  config: RepoConfig;
  issue: IssueRef;
  who: string;
  pullRequest: () => Promise<DraftablePullRequest>;
};

/** The command on one entry. @throws CommandRefused when it does not apply to that entry. */
async function runOnUnit(run: CommandRun, command: RunnableCommand, unit: Unit): Promise<void> {
  const { context, issue, who } = run;
  const { shiplog, sticky } = unit;
  const octokit = context.octokit;
  if (command.name === 'regenerate') {
    const repository = { owner: issue.owner, repo: issue.repo, htmlUrl: context.payload.repository.html_url };
    await draftPullRequest(
      context,
      shiplog,
      run.config,
      await run.pullRequest(),
      repository,
      {
        ...sticky,
        skipped: false,
      },
      {
        regenerate: true,
        operation: `regenerate:${context.payload.comment.id}`,
        notice: `Drafted again by @${who}.`,
        component: unit.component,
        paths: unit.paths,
        files: unit.files,
      },
    );
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
    const pr = await run.pullRequest();
    const added = await addChangesSinceEdit(octokit, shiplog, issue, sticky, entry, pr, unit.paths);
    if (added.added === 0) throw new CommandRefused('There are no changes since the entry was last drafted.');
    await showEntry(octokit, issue, sticky, {
      entry: added.entry,
      draft: null,
      head: added.head,
      notice: `${added.added} ${added.added === 1 ? 'change' : 'changes'} added by @${who}.`,
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

/** The entries a command is for: the named component's, or all of them. */
function chosenUnits(command: RunnableCommand, units: Unit[], config: RepoConfig): Unit[] {
  const name = command.component;
  if (name === undefined) {
    if (units.length === 0)
      throw new CommandRefused(
        'This pull request touches none of the `components` in `.github/shiplog.yml`, so it has no entry.',
      );
    return units;
  }
  if (!config.components.length)
    throw new CommandRefused(
      `This repository lists no \`components\` in \`.github/shiplog.yml\`; comment the command without \`${name}\`.`,
    );
  const unit = units.find((u) => u.component === name);
  if (!unit) {
    const touched = units.map((u) => `\`${u.component}\``).join(', ') || 'none';
    throw new CommandRefused(
      `\`${name}\` is not a component this pull request touches (it touches: ${touched}).`,
    );
  }
  return [unit];
}

/**
 * Runs `command` on each entry it is for, in order.
 * @returns the entries it could not act on, with why (empty: it acted on every one).
 * @throws CommandRefused when it acted on none; any other error as it comes (later entries not run).
 */
export async function runCommand(
  run: CommandRun,
  command: RunnableCommand,
  units: Unit[],
): Promise<{ component: string | null; reason: string }[]> {
  const chosen = chosenUnits(command, units, run.config);
  const every = chosen.length > 1;
  const refused: { component: string | null; reason: string }[] = [];
  let done = 0;
  for (const unit of chosen) {
    // Across every entry, a skipped component stays skipped (its comment says how to draft it).
    if (every && unit.sticky.skipped && command.name !== 'regenerate' && command.name !== 'skip') continue;
    try {
      await runOnUnit(run, command, unit);
      done++;
    } catch (err) {
      if (!(err instanceof CommandRefused)) throw err;
      refused.push({ component: unit.component, reason: err.message });
    }
  }
  if (done > 0) return refused;
  if (refused.length === 0)
    throw new CommandRefused('Every entry of this pull request is skipped: comment `/shiplog regenerate`.');
  throw new CommandRefused(refused.map(describeRefusal).join(' '));
}

/** `` `web`: why `` in a monorepo, just why otherwise. */
export function describeRefusal({ component, reason }: { component: string | null; reason: string }) {
  return component ? `\`${component}\`: ${reason}` : reason;
}
