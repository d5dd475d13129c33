/**
 * Markdown of the sticky pull-request comment (and the Action's job summary): the entry as readers will
 * see it (title, category, version, body), its preview or public link, how it was drafted, and for the
 * App the commands. Hidden markers at its head let a later run find the comment and read which entry it
 * shows. GitHub refuses comment bodies of 65,536 characters or more, so a long body is cut at a line.
 *
 * The title and the body come from commits and pull requests (anyone's): the title is plain text, shown
 * escaped (core/defuse-mentions.ts), the body is the draft's Markdown (commit text in it already
 * escaped by the drafter), and neither can notify anyone: mentions are defused outside real code. The
 * state a later run reads is only in the head's marker lines, which no such text can reach.
 */
import { titleWithoutVersion } from './contract/titles.ts';
import type { Entry } from './contract/entries.schema.ts';
import type { Draft } from './contract/generate.schema.ts';
import { codeSpan, defuseMentions, escapeMarkdownText } from './defuse-mentions.ts';

export const DRAFT_COMMENT_MARKER = '<!-- shiplog:draft -->';
const ENTRY_MARKER = /^<!-- shiplog:entry (ent_[A-Za-z0-9_]{1,60}) -->$/;
const SKIPPED_MARKER = '<!-- shiplog:skipped -->';
/** The pull request's head the entry holds the changes of (drafted, or taken in by `/shiplog add`). */
const HEAD_MARKER = /^<!-- shiplog:head ([0-9a-f]{7,64}) -->$/;
/** A monorepo component's own sticky comment (one per component the pull request touches). */
const COMPONENT_MARKER = /^<!-- shiplog:component ([A-Za-z0-9@][A-Za-z0-9@/._-]{0,99}) -->$/;

/** GitHub's limit is 65,536 characters; the rest of the comment fits in what is left. */
export const MAX_COMMENT_LENGTH = 65_000;
const MAX_BODY_LENGTH = 60_000;

const CATEGORY_NAMES: Record<string, string> = {
  announcement: 'Announcement',
  feature: 'New feature',
  improvement: 'Improvement',
  fix: 'Fix',
};

export type CommentInput = {
  /** The entry shown; `id` null for a draft made without a server (the Action in the runner). */
  entry: Pick<Entry, 'title' | 'category' | 'version' | 'visibility' | 'status' | 'body' | 'editedAt'> & {
    id: string | null;
  };
  /** The draft just made; null when the entry was kept (edited or published) or not re-drafted now. */
  draft: Draft | null;
  /** The key-less preview of a draft, or the public page of a published entry. */
  link: string | null;
  truncated?: { total: number; kept: number } | null;
  /** The App: list the `/shiplog` commands and say why the entry is locked. */
  commands?: boolean;
  /** A line to show first (what just happened: "Published by @octocat"). */
  notice?: string | null;
  /** The head commit the entry holds the changes of, remembered in a marker. */
  head?: string | null;
  /** The block listing changes a person's edit has not seen (changes-since-edit.ts). */
  sinceEdit?: string | null;
  /** The monorepo component the entry is about. */
  component?: string | null;
};

/** `text` cut at the last line break before `max` characters, saying so. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const at = text.lastIndexOf('\n', max);
  return `${text.slice(0, at > 0 ? at : max)}\n\n*… cut here: the draft is longer than a comment may be; the preview shows all of it.*`;
}

const COMMANDS = `<details><summary>Commands (people with write access to this repository)</summary>

| Comment | Does |
| --- | --- |
| \`/shiplog publish\` | publish the entry now |
| \`/shiplog regenerate\` | draft it again from the commits, even after edits |
| \`/shiplog add\` | after an edit, append the items of the changes pushed since |
| \`/shiplog skip\` | no changelog entry for this pull request |
| \`/shiplog title <text>\` | set the title |
| \`/shiplog category feature\\|improvement\\|fix\\|announcement\` | set the category |
| \`/shiplog visibility external\\|internal\` | who sees it |
| \`/shiplog edit\` and the new Markdown on the next lines | replace the body |

</details>`;

/** The commands table; a component's comment says how to narrow a command to its entry. */
function commandsOf(component: string | null): string {
  if (!component) return COMMANDS;
  const name = codeSpan(`/shiplog ${component} publish`);
  const note = `\n\nEach command acts on every component's entry of this pull request; put the component first (${name}) to act on this one only.`;
  return COMMANDS.replace('\n\n</details>', `${note}\n\n</details>`);
}

export function renderDraftComment(input: CommentInput): string {
  const { entry, draft } = input;
  const lines = [DRAFT_COMMENT_MARKER, ...(entry.id ? [`<!-- shiplog:entry ${entry.id} -->`] : [])];
  if (input.head && /^[0-9a-f]{7,64}$/.test(input.head)) lines.push(`<!-- shiplog:head ${input.head} -->`);
  const component = input.component ? `<!-- shiplog:component ${input.component} -->` : null;
  if (component && COMPONENT_MARKER.test(component)) lines.push(component);
  if (input.notice) lines.push(input.notice, '');
  const heading = `${entry.status === 'published' ? '✅ Changelog entry published' : '📝 Changelog draft'}${input.component ? ` (${codeSpan(input.component)})` : ''}`;
  lines.push(
    `### ${heading}: ${defuseMentions(escapeMarkdownText(titleWithoutVersion(entry.title, entry.version)))}`,
    '',
  );
  const facts = [
    `**${CATEGORY_NAMES[entry.category] ?? entry.category}**`,
    entry.version ? `version ${codeSpan(entry.version)}` : 'no version',
    entry.visibility === 'internal' ? 'internal (team only)' : 'public',
  ];
  if (input.link) facts.push(`[${entry.status === 'published' ? 'public page' : 'preview'}](${input.link})`);
  lines.push(facts.join(' · '), '', cut(defuseMentions(entry.body.trim()), MAX_BODY_LENGTH), '');

  const status = entry.status === 'published' ? 'published' : 'saved as a draft';
  const made = draft
    ? ` · ${draft.commits.used} of ${draft.commits.received} commits used (${draft.commits.ignored} ignored) · drafted ${draft.provider === 'openai' ? `by ${draft.model ?? 'AI'}` : 'offline'}`
    : '';
  const where = entry.id
    ? `Entry \`${entry.id}\` ${status}`
    : 'Drafted in the workflow, without a Shiplog server';
  lines.push(`<sub>${where}${made}</sub>`);
  if (input.truncated) {
    lines.push(
      '',
      `> [!WARNING]\n> The range has ${input.truncated.total} commits; only the newest ${input.truncated.kept} were sent.`,
    );
  }
  if (input.sinceEdit && entry.status === 'draft') lines.push('', input.sinceEdit);
  if (input.commands && entry.status === 'draft' && entry.editedAt) {
    lines.push(
      '',
      '> [!NOTE]\n> 🔒 A person edited this entry, so new pushes no longer re-draft it. Comment `/shiplog regenerate` to draft it again from the commits.',
    );
  }
  if (input.commands && entry.status === 'draft') lines.push('', commandsOf(input.component ?? null));
  return `${lines.join('\n')}\n`;
}

/** The comment shown after `/shiplog skip` (or a skip label): remembered, so pushes draft nothing. */
export function renderSkippedComment(notice: string, component: string | null = null): string {
  const marker = component ? `<!-- shiplog:component ${component} -->\n` : '';
  return `${DRAFT_COMMENT_MARKER}\n${SKIPPED_MARKER}\n${marker}### 🚫 No changelog entry for this pull request\n\n${notice}\n\nComment \`/shiplog regenerate\` to draft one after all.\n`;
}

/** A line that is a marker, and nothing else. */
const MARKER_LINE = /^<!-- shiplog:[a-z]+(?: [^\s<>]+)? -->$/;

/**
 * What a sticky comment says: the entry it shows, and whether the pull request was skipped. Only the
 * marker lines at its head are read; everything after them may hold commit or pull-request text, which
 * can quote any marker (a subject `<!-- shiplog:skipped -->`) and must never change what the App does.
 */
export function readDraftComment(body: string): {
  entryId: string | null;
  skipped: boolean;
  head: string | null;
  component: string | null;
} {
  const head: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (!MARKER_LINE.test(line)) break;
    head.push(line);
  }
  const entry = head.map((line) => ENTRY_MARKER.exec(line)).find((m) => m !== null);
  const sha = head.map((line) => HEAD_MARKER.exec(line)).find((m) => m !== null);
  const component = head.map((line) => COMPONENT_MARKER.exec(line)).find((m) => m !== null);
  return {
    entryId: entry?.[1] ?? null,
    skipped: head.includes(SKIPPED_MARKER),
    head: sha?.[1] ?? null,
    component: component?.[1] ?? null,
  };
}
