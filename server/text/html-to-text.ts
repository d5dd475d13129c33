/**
 * The plain text of sanitized entry HTML, for an email's text part, chat messages and a description
 * meta tag, by html-to-text (a well-kept library): paragraphs and headings on lines of their own, list
 * items as `- ` bullets (nested ones indented), and a link as its text followed by its URL in brackets
 * unless the text already is the URL. Images are left out. No line wrapping: mail clients and
 * chat apps wrap for themselves.
 */
import { convert, type HtmlToTextOptions } from 'html-to-text';

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] } },
    { selector: 'img', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable' },
  ],
};

/** Plain text of an HTML fragment; blank lines between blocks, trimmed. */
export function htmlToText(html: string): string {
  return convert(html, OPTIONS).trim();
}
