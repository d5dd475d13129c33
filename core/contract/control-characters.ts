/**
 * Characters no text of Shiplog's keeps: the C0 controls but tab, line feed and carriage return, and
 * the noncharacters U+FFFE and U+FFFF. XML 1.0 cannot hold them at all, not even as character
 * references (https://www.w3.org/TR/xml/#charsets), so one of them in a title makes the RSS and Atom
 * feeds that carry it unreadable to every feed reader; no reader of a changelog needs one. U+0000 is
 * not among them: it is refused where it comes in (the server's input guard), never silently dropped.
 *
 * Text is stripped of them where it comes in, once, by the schemas of this folder ({@link cleanText}),
 * and the feeds drop any still stored (rows written before), so that a feed is well-formed whatever
 * the database holds.
 */
import { z } from 'zod';

/** Every character XML 1.0 refuses but U+0000, once each (global). */
export const CONTROL_CHARACTERS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** `text` without the characters of {@link CONTROL_CHARACTERS}; the same string when it has none. */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/**
 * A string schema that strips them first: checks chained after it (`.trim()`, `.min()`, `.max()`)
 * see the stripped text, and the API document still says `string` with those bounds.
 */
export const cleanText = () => z.string().overwrite(stripControlCharacters);

/**
 * For the API document: text that is stripped and trimmed before its length is checked must hold a
 * character that is neither white space (the set `trim()` removes, `\s`) nor one that is stripped
 * (JSON Schema's `pattern` is unanchored).
 */
export const NOT_BLANK_TEXT = { pattern: '[^\\s\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]' };
