/**
 * A reStructuredText section title at a line, for the changelog converter (convert-rst-changelog.ts).
 * As the reStructuredText Markup Specification, "Sections", defines it: a title line underlined, and
 * optionally overlined, by one punctuation character repeated (`=`, `-`, `~`, `^`, `"`, `'`, `` ` ``,
 * `#`, `*`, `+`, … any non-alphanumeric printable ASCII character), at least as long as the title (a
 * shorter underline of 4 or more characters is taken, as docutils takes it with a warning). An
 * overlined title and an underlined-only one with the same character are different styles. Which
 * level a style is stands in no table: it is the order in which styles first appear in the document
 * (the caller counts them). Pure.
 */

/** `over=` for `====\nTitle\n====`, `under=` for `Title\n=====`. */
export type RstTitleStyle = `${'over' | 'under'}${string}`;

export type RstTitle = {
  /** The title's source text, trimmed (inline markup not yet converted). */
  text: string;
  style: RstTitleStyle;
  /** Lines the title takes: 2 underlined, 3 overlined. */
  lines: number;
};

/** One punctuation character repeated, nothing else but trailing spaces. */
const ADORNMENT = /^([!-/:-@[-`{-~])\1*[ \t]*$/;

/** The adornment character of `line`, or null when it is no adornment line. */
export function adornmentOf(line: string | undefined): string | null {
  const match = line === undefined ? null : ADORNMENT.exec(line);
  return match ? match[1]! : null;
}

/** A transition: an adornment line of 4 or more characters between blank lines (or the ends). */
export function isTransition(lines: readonly string[], i: number): boolean {
  const blank = (line: string | undefined) => line === undefined || line.trim() === '';
  return (
    adornmentOf(lines[i]) !== null &&
    lines[i]!.trim().length >= 4 &&
    blank(lines[i - 1]) &&
    blank(lines[i + 1])
  );
}

const longEnough = (adornment: string, title: string) =>
  adornment.trimEnd().length >= Math.min(title.trimEnd().length, 4);

/**
 * @param lines the document's lines (tabs expanded); `i` the first line of a block (after a blank
 *   line or at the start).
 * @returns the title that starts at line `i`, or null.
 */
export function readRstTitle(lines: readonly string[], i: number): RstTitle | null {
  const first = lines[i];
  if (first === undefined || first.trim() === '') return null;
  const over = adornmentOf(first);
  const title = lines[i + 1];
  if (over !== null && title !== undefined && title.trim() !== '' && adornmentOf(title) === null) {
    // An overline: the title may be inset; the underline repeats the overline's character.
    if (adornmentOf(lines[i + 2]) === over && longEnough(first, title.trim()))
      return { text: title.trim(), style: `over${over}`, lines: 3 };
  }
  if (over !== null || /^\s/.test(first)) return null;
  const under = adornmentOf(title);
  if (under === null || !longEnough(title!, first)) return null;
  return { text: first.trim(), style: `under${under}`, lines: 2 };
}
