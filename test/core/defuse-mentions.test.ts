/**
 * Mentions from commit text never notify (issue "Hardening, round 2", item 4): whatever the backticks,
 * pipes, list markers, fences and escapes around an `@name`, the rendered Markdown (CommonMark + GFM)
 * holds no text GitHub would read as a mention outside code; code spans and blocks are left exactly as
 * they were; e-mail addresses stay addresses. Titles become Markdown that shows exactly their text.
 */
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { codeSpan, defuseMentions, escapeMarkdownText } from '../../core/defuse-mentions.ts';

/** GitHub's mention pattern (html-pipeline's MentionFilter): `@login` or `@org/team` after a non-word. */
const MENTION = /(?:^|[^\w])@[a-z0-9][a-z0-9-]*/i;

function render(markdown: string) {
  const html = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
  const doc = parseDocument(html, { decodeEntities: true });
  const under = (node: any, names: string[]) => {
    for (let p = node.parent; p; p = p.parent) if (names.includes(p.name)) return true;
    return false;
  };
  const texts = DomUtils.filter((n) => n.type === 'text' && !under(n, ['code', 'pre', 'a']), doc.children);
  const code = DomUtils.findAll((e) => e.name === 'code', doc.children).map((e) => DomUtils.textContent(e));
  return { texts: texts.map((n) => (n as unknown as { data: string }).data), code, html };
}

const PIECES = [
  '`',
  '``',
  '```',
  '@team',
  '@org/sec',
  'x',
  ' ',
  '\n',
  '\n\n',
  '|',
  '- ',
  '> ',
  '\\',
  '_',
  '*',
  '&#64;x',
  'a@b.c',
  '~~~',
  '    ',
  '#',
];

describe('defuseMentions', () => {
  it('leaves no mention outside code, and code as it was, whatever surrounds it (seeded)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => {
        const markdown = pieces.join('');
        const defused = defuseMentions(markdown);
        const after = render(defused);
        for (const text of after.texts) expect(text, JSON.stringify(markdown)).not.toMatch(MENTION);
        expect(after.code).toEqual(render(markdown).code);
      }),
      { seed: 18_004, numRuns: 1500 },
    );
  });

  it('handles the cases that defeated the old rule, and leaves addresses alone', () => {
    const cases = [
      '`@octocat and `@github/security',
      'x `a\nb` @team `c` d',
      '- a `b\n- c @team` d',
      '| a | b |\n| - | - |\n| `x | @team` | y |',
      'leak in ```@github/security` reports',
      '_@em_ and &#64;ent and &#x40;hex',
    ];
    for (const markdown of cases) {
      for (const text of render(defuseMentions(markdown)).texts) expect(text, markdown).not.toMatch(MENTION);
    }
    expect(defuseMentions('`@x` and @y')).toBe('`@x` and @\u200by');
    expect(defuseMentions('```\n@inside\n```\nmail ops@example.com')).toBe(
      '```\n@inside\n```\nmail ops@example.com',
    );
  });
});

/** Printable ASCII and line breaks: what a title or a version is made of. */
const PRINTABLE = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  fc.constant('\n'),
);

describe('escapeMarkdownText and codeSpan', () => {
  it('show exactly the text, as one line with no element but the code span', () => {
    fc.assert(
      fc.property(fc.string({ unit: PRINTABLE, maxLength: 60 }), (text) => {
        const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
        const paragraph = render(`x ${escapeMarkdownText(text)}`);
        expect(paragraph.html.replace(/^<p>|<\/p>\n?$/g, '')).not.toMatch(/<(?!\/?p>)/);
        expect(paragraph.texts.join('').replace(/\u0000/g, '\ufffd')).toBe(
          `x ${flat}`.replace(/\u0000/g, '\ufffd').trimEnd(),
        );
        if (text.trim() !== '')
          expect(render(`x ${codeSpan(text)}`).code).toEqual([text.replace(/[\r\n]+/g, ' ')]);
      }),
      { seed: 18_004, numRuns: 500 },
    );
  });
});
