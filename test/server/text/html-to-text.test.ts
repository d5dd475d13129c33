/**
 * The plain text of entry HTML (email text parts, chat messages, the description meta tag), pinned
 * here so that an html-to-text upgrade that changes it is seen.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../server/text/html-to-text.ts';

describe('htmlToText', () => {
  it('puts blocks on lines of their own, keeps heading case and decodes entities', () => {
    expect(htmlToText('<h2>New &amp; improved</h2><p>First.</p><p>Second.</p>')).toBe(
      'New & improved\n\nFirst.\n\nSecond.',
    );
  });

  it('writes a link as its text and URL, or the URL alone when that is its text', () => {
    expect(
      htmlToText(
        '<p>Export to <a href="https://x.test/csv">CSV</a>; see <a href="https://x.test">https://x.test</a>.</p>',
      ),
    ).toBe('Export to CSV [https://x.test/csv]; see https://x.test.');
  });

  it('makes lists `- ` bullets, nested ones indented', () => {
    expect(htmlToText('<ul><li>One<ul><li>Nested</li></ul></li><li>Two</li></ul>')).toBe(
      '- One\n  - Nested\n- Two',
    );
  });

  it('leaves images out, lays tables out in columns and never wraps a line', () => {
    const long = 'word '.repeat(40).trim();
    expect(
      htmlToText(
        `<p><img src="a.png" alt="chart"> after</p><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table><p>${long}</p>`,
      ),
    ).toBe(`after\n\nA   B\n1   2\n\n${long}`);
  });
});
