/**
 * `/shiplog` commands in pull-request comments (CONTRACT.md "GitHub App"). Pure.
 *
 * A comment is a command only when its **first line is exactly** the command: quoted (`> /shiplog…`),
 * fenced, indented, look-alike (`／shiplog`, a zero-width character inside) or followed by other text on
 * that line, it is not, so quoting or discussing a command never runs it. Only trailing spaces and a
 * `\r` are forgiven. `/shiplog edit` takes the new Markdown body from the lines after it.
 */
import {
  CATEGORIES,
  type Category,
  VISIBILITIES,
  type Visibility,
} from '../../core/contract/entries.schema.ts';

export type Command =
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
  | { name: 'invalid'; reason: string };

const BARE = /^\/shiplog (publish|regenerate|skip|add)$/;
const VALUED = /^\/shiplog (category|visibility|title) (\S.*)$/;

/** @returns the command, or null when the comment is not one. */
export function parseCommand(comment: string): Command | null {
  const newline = comment.indexOf('\n');
  const first = (newline === -1 ? comment : comment.slice(0, newline)).replace(/[ \t\r]+$/, '');
  const rest = newline === -1 ? '' : comment.slice(newline + 1);

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
