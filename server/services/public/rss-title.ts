/**
 * An RSS item title, escaped once. RSS 2.0 does not say whether a title is text or HTML, and readers
 * do both (RSS Advisory Board, "RSS Best Practices Profile": titles are plain text, and a publisher
 * encodes only what XML needs): plain-text readers show the title's XML text as it is, others decode it
 * as HTML. So the text is the title itself (`Tom & Jerry`, `a < b`), and only what an HTML reader would
 * not read back as written is escaped for HTML: a `<` that opens a tag, comment or declaration
 * (`<script>` is never an element), and a `&` that starts a character reference (`&amp;`, `&#38;`).
 * Both kinds of reader then show the title as written, but for those rare spots in plain-text ones.
 * `feed` wraps it in CDATA, which XML reads back unchanged.
 */
import { decodeHTML } from 'entities';

/** The longest named reference with its `&` and `;` (`&CounterClockwiseContourIntegral;`) is 33. */
const LONGEST_REFERENCE = 40;

/** Whether an HTML parser reads the `&` at `at` in `text` as the start of a character reference. */
function startsReference(text: string, at: number): boolean {
  const next = text.indexOf('&', at + 1);
  const run = text.slice(at, Math.min(next === -1 ? text.length : next, at + LONGEST_REFERENCE));
  return decodeHTML(run) !== run;
}

/** `title` as the text of an RSS `<title>`: see the module's comment. */
export function rssTitle(title: string): string {
  return title.replace(/<(?=[A-Za-z/!?])|&/g, (match, at: number) => {
    if (match === '<') return '&lt;';
    return startsReference(title, at) ? '&amp;' : '&';
  });
}
