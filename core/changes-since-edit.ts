/**
 * Changes a person's edit has not seen (issue 22, scope 4): when a pull request whose entry a person
 * edited gets new commits, they are not drafted over the edit, nor silently dropped. The commits after
 * the head the entry was last drafted from are listed ("2 changes since your edit") in the sticky
 * comment (the App, with `/shiplog add` and `/shiplog regenerate`) and the job summary (the Action);
 * `/shiplog add` appends one item per change to the entry. Pure.
 */
import type { RangeCommit } from './collect-commits.ts';
import { defuseMentions, escapeMarkdownText } from './defuse-mentions.ts';

/**
 * @param commits the pull request's commits, newest first.
 * @param since the head the entry was drafted from (or that `/shiplog add` took in); null: unknown.
 * @returns the commits after `since`, newest first; all of them when `since` is not among them (a
 *   force-push rewrote the history: nothing is dropped silently).
 */
export function changesSince(commits: readonly RangeCommit[], since: string | null): RangeCommit[] {
  if (!since) return [];
  const at = commits.findIndex((c) => c.sha.toLowerCase().startsWith(since.toLowerCase()));
  return at === -1 ? [...commits] : commits.slice(0, at);
}

/** A change's item: its subject without a conventional-commit prefix, as readers' Markdown. */
export function itemOf(change: RangeCommit): string {
  const subject = change.message.split('\n', 1)[0]!.trim();
  const text = subject.replace(/^[a-z]+(?:\([^)]*\))?!?:\s*/i, '');
  return `- ${defuseMentions(escapeMarkdownText(text.charAt(0).toUpperCase() + text.slice(1)))}`;
}

/** The entry's body with one item per change appended (oldest first). */
export function appendItems(body: string, changes: readonly RangeCommit[]): string {
  const items = [...changes].reverse().map(itemOf);
  return `${body.trimEnd()}\n\n${items.join('\n')}\n`;
}

/**
 * The block shown under an edited entry: how many changes, each with its short SHA, and what to do.
 * @param commands the App's commands; the Action names none.
 */
export function renderChangesSinceEdit(changes: readonly RangeCommit[], commands: boolean): string {
  const count = `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} since your edit`;
  const lines = changes.map((c) => `${itemOf(c)} (\`${c.sha.slice(0, 7)}\`)`);
  const what = commands
    ? 'Comment `/shiplog add` to append their items to the entry, or `/shiplog regenerate` to draft it again from every commit (your edit is then replaced).'
    : 'They are not in the entry: add them in Shiplog, or re-run with `regenerate` to draft it again from every commit.';
  return `> [!IMPORTANT]\n> **${count}**, not in the entry yet:\n>\n${lines.map((l) => `> ${l}`).join('\n')}\n>\n> ${what}`;
}
