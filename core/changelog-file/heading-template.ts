/**
 * A release's heading as a template: the text a changelog wrote for one release (its anchor, heading
 * line and a setext underline), with the version, the date and the previous version (in a compare link)
 * as holes, so another release's heading is written the same way byte for byte: `## [1.2.0] - 2026-01-02`,
 * `# v1.2.0`, `1.2.0 / 2026-01-02` over `===`, `## [1.2.0](…/compare/v1.1.0...v1.2.0) (2026-01-02)`.
 * Pure.
 */
import { findDate } from '../find-date.ts';
import { type DateFormat, formatDate, readDateFormat } from './date-format.ts';

export type Hole = 'version' | 'date' | 'previous';
export type TemplatePart = string | { hole: Hole };

export type HeadingTemplate = {
  /** The heading's text (and the decorations above it), with holes; a setext underline apart. */
  parts: TemplatePart[];
  /** The underline's character for a setext heading, else null. */
  underline: '=' | '-' | null;
  /** An underline as long as its heading line (else as long as the template's). */
  underlineFits: boolean;
  underlineLength: number;
  /** How the date is written, or null when the heading has none. */
  date: DateFormat | null;
  /** The version the `previous` hole held as written, or null when it has none. */
  previous: string | null;
};

/** Where `version` occurs in `text` as a whole version (not inside `1.2.0-rc.1` or `11.2.0`). */
export function versionPattern(version: string): RegExp {
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Not inside a longer version (`11.2.0`, `1.2.0` holding `2.0`), yet the end of a compare range
  // (`1.1.0...1.2.0`, `1.1.0..1.2.0`) is a version of its own: a dot counts only when it stands alone.
  return new RegExp(`(?<!\\d)(?<!(?<!\\.)\\.)${escaped}(?!\\.?\\d|-[0-9A-Za-z]|\\+)`, 'g');
}

/** A compare link's start: `compare/v1.1.0...v1.2.0` → `1.1.0`. */
const COMPARE = /compare\/[^\s)\]]*?(\d+(?:\.\d+)+(?:-[0-9A-Za-z.]+?)?)\.{2,3}/;

/** `text` without `title` and the separator that joins it to the rest (`: `, ` - `, ` — `). */
function withoutTitle(text: string, title: string): string {
  const at = text.indexOf(title);
  if (at === -1) return text;
  const before = text.slice(0, at).replace(/\s*[-–—:|]\s*$/, '');
  return before + text.slice(at + title.length);
}

/** `text` cut where `pattern` matches, each match a `hole`. */
function punch(parts: TemplatePart[], pattern: RegExp, hole: Hole): TemplatePart[] {
  return parts.flatMap((part) => {
    if (typeof part !== 'string') return [part];
    const out: TemplatePart[] = [];
    let at = 0;
    for (const m of part.matchAll(pattern)) {
      out.push(part.slice(at, m.index), { hole });
      at = m.index + m[0].length;
    }
    out.push(part.slice(at));
    return out.filter((p) => p !== '');
  });
}

/**
 * The template of a heading as written.
 * @param written the file's text from the block's start to the end of its heading (underline included).
 * @param version the version it names; `previous` the version before it in the file, if any (else the
 *   one a compare link starts from); `title` words naming that one release (`v2.0.0: Faster builds`),
 *   left out of the template with their separator.
 */
export function readHeadingTemplate(
  written: string,
  version: string,
  previous: string | null,
  title?: string,
): HeadingTemplate {
  const setext = /(\r?\n)[ ]{0,3}(=+|-+)[ \t]*$/.exec(written);
  const line = setext ? written.slice(0, setext.index) : written;
  const found = findDate(line);
  const format = found ? readDateFormat(line.slice(found.index, found.index + found.length)) : null;
  let parts: TemplatePart[] =
    found && format
      ? [line.slice(0, found.index), { hole: 'date' }, line.slice(found.index + found.length)]
      : [line];
  if (title) parts = parts.map((p) => (typeof p === 'string' ? withoutTitle(p, title) : p));
  parts = punch(parts, versionPattern(version), 'version');
  const linked = COMPARE.exec(line)?.[1];
  const from = previous && versionPattern(previous).test(line) ? previous : (linked ?? null);
  const linksPrevious = from !== null && from !== version;
  if (linksPrevious) parts = punch(parts, versionPattern(from), 'previous');
  const lastLine = line.slice(line.lastIndexOf('\n') + 1);
  const underline = setext ? setext[2]! : '';
  return {
    parts: parts.filter((p) => p !== ''),
    underline: setext ? (underline[0] as '=' | '-') : null,
    underlineFits: underline.length === lastLine.length,
    underlineLength: underline.length,
    date: found && format ? format : null,
    previous: linksPrevious ? from : null,
  };
}

/**
 * The heading of a release written from `template`, in the file's line ending.
 * @param values `date` (`YYYY-MM-DD`) is left out of a template without one; `previous` falls back to
 *   the version itself when the template links from a previous one and there is none.
 */
export function renderHeading(
  template: HeadingTemplate,
  values: { version: string; date: string | null; previous: string | null },
  eol: string,
): string {
  const dated = values.date !== null && template.date !== null;
  const pieces = template.parts.map((p, i) => {
    if (typeof p !== 'string') {
      if (p.hole === 'version') return values.version;
      if (p.hole === 'previous') return values.previous ?? values.version;
      return dated ? formatDate(values.date!, template.date!) : '';
    }
    if (dated) return p;
    // No date to write: the separator or brackets around the date's place go with it.
    const next = template.parts[i + 1];
    const previous = template.parts[i - 1];
    let text = p;
    if (typeof next !== 'string' && next?.hole === 'date')
      text = text.replace(/\s*(?:[-–—/:|,]\s*)?[([]?$/, '');
    if (typeof previous !== 'string' && previous?.hole === 'date') text = text.replace(/^[)\]]/, '');
    return text;
  });
  const text = pieces.join('').replace(/\r?\n/g, eol);
  if (!template.underline) return text;
  const lastLine = text.slice(text.lastIndexOf('\n') + 1);
  const length = template.underlineFits ? lastLine.length : template.underlineLength;
  return `${text}${eol}${template.underline.repeat(Math.max(length, 3))}`;
}
