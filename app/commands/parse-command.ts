/**
 * `/shiplog` commands in pull-request comments (docs/github-app.md#github-app). Pure.
 *
 * A comment is a command only when its **first line is exactly** the command: quoted (`> /shiplog…`),
 * fenced, indented, look-alike (`／shiplog`, a zero-width character inside) or followed by other text on
 * that line, it is not, so quoting or discussing a command never runs it. Only trailing spaces and a
 * `\r` are forgiven. `/shiplog edit` takes the new Markdown body from the lines after it.
 *
 * In a monorepo a command acts on every component's entry of the pull request; a component's name
 * before the command (`/shiplog web publish`, `/shiplog web title Faster builds`) narrows it to that
 * component's entry. The name comes first because a command takes no trailing text (`/shiplog publish
 * now` is no command) and `title` takes free text; whether the name is a component is the handler's
 * question (the repository's `.github/shiplog.yml`).
 */
import {
  CATEGORIES,
  type Category,
  VISIBILITIES,
  type Visibility,
} from '../../core/contract/entries.schema.ts';

export type Command = (
  | { name: 'publish' }
  | { name: 'regenerate' }
  | { name: 'skip' }
  /** After a person's edit: append the items of the changes pushed since. */
  | { name: 'add' }
  | { name: 'category'; category: Category }
  | { name: 'visibility'; visibility: Visibility }
  | { name: 'title'; title: string }
  | { name: 'edit'; body: string }
  /** A known command with a value it cannot take: the reply says what is valid. */
  | { name: 'invalid'; reason: string }
) & {
  /** The one component whose entry the command is for (`/shiplog web publish`); absent: every entry. */
  component?: string;
};

const BARE = /^\/shiplog (publish|regenerate|skip|add)$/;
const VALUED = /^\/shiplog (category|visibility|title) (\S.*)$/;
const COMMAND_NAMES = new Set([
  'publish',
  'regenerate',
  'skip',
  'add',
  'category',
  'visibility',
  'title',
  'edit',
]);
/** `/shiplog <component> <command…>`: a component name (entries.schema.ts ComponentSchema) first. */
const NAMED = /^\/shiplog ([A-Za-z0-9@][A-Za-z0-9@/._-]{0,99}) (.+)$/;

/** @returns the command, or null when the comment is not one. */
export function parseCommand(comment: string): Command | null {
  const newline = comment.indexOf('\n');
  const first = (newline === -1 ? comment : comment.slice(0, newline)).replace(/[ \t\r]+$/, '');
  const rest = newline === -1 ? '' : comment.slice(newline + 1);
  const named = NAMED.exec(first);
  if (named && !COMMAND_NAMES.has(named[1]!)) {
    const command = parseFirstLine(`/shiplog ${named[2]!}`, rest);
    return command && { ...command, component: named[1]! };
  }
  return parseFirstLine(first, rest);
}

/** The command a first line (trailing blanks removed) and the lines after it make, component aside. */
function parseFirstLine(first: string, rest: string): Command | null {
  const bare = BARE.exec(first);
  if (bare) return { name: bare[1] } as Command;
  if (first === '/shiplog edit') {
    const body = rest.trim();
    return body
      ? { name: 'edit', body }
      : { name: 'invalid', reason: 'Put the new Markdown body on the lines after `/shiplog edit`.' };
  }
  const valued = VALUED.exec(first);
  if (!valued) return null;
  const value = valued[2]!.trim();
  switch (valued[1]) {
    case 'category':
      return (CATEGORIES as readonly string[]).includes(value)
        ? { name: 'category', category: value as Category }
        : { name: 'invalid', reason: `The category must be one of ${CATEGORIES.join(', ')}.` };
    case 'visibility':
      return (VISIBILITIES as readonly string[]).includes(value)
        ? { name: 'visibility', visibility: value as Visibility }
        : { name: 'invalid', reason: `The visibility must be one of ${VISIBILITIES.join(', ')}.` };
    default:
      return value.length <= 200
        ? { name: 'title', title: value }
        : { name: 'invalid', reason: 'A title has at most 200 characters.' };
  }
}
