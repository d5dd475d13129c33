/**
 * A draft's body laid out as a changelog lays out its notes: section heading level and the line under
 * it, `Bug fixes:` labels, one list, the bullet marker and the spaces around it, the summary only where
 * notes open with prose, and no backslash escape the file would not write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChangelogFormat } from '../../../core/changelog-file/read-changelog-format.ts';
import { restyleNotes } from '../../../core/changelog-file/restyle-notes.ts';
import { writeDraftedRelease } from '../../../core/changelog-file/write-drafted-release.ts';
import { draftRelease } from '../../../core/drafting/index.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../fixtures/changelogs', name), 'utf8');
const layoutOf = (name: string) => readChangelogFormat(fixture(name)).notes;

/** A body as the drafter writes it. */
const BODY = [
  'Search is faster and the config file is read once.',
  '### New features\n\n- Search as you type (#12)\n- A `--quiet` flag\n  that prints nothing (#14)',
  '### Fixes\n\n- Fix the crash on an empty config (#13)',
  'New contributors: @ada made their first contribution in #12',
].join('\n\n');

describe('restyleNotes', () => {
  it('Keep a Changelog: `###` sections over a blank line, `-` items, no summary', () => {
    expect(restyleNotes(BODY, layoutOf('keep-a-changelog.md'))).toBe(
      '### New features\n\n- Search as you type (#12)\n- A `--quiet` flag\n  that prints nothing (#14)\n\n### Fixes\n\n- Fix the crash on an empty config (#13)\n\nNew contributors: @ada made their first contribution in #12',
    );
  });

  it('bat: `##` sections under `# v1.2.0`', () => {
    expect(restyleNotes(BODY, layoutOf('bat.md'))).toMatch(/^## New features\n\n- Search as you type/);
  });

  it('ripgrep: the summary kept, `Label:` lines over `*` items', () => {
    expect(restyleNotes(BODY, layoutOf('ripgrep.md'), (h) => (h === 'Fixes' ? 'Bug fixes' : h))).toBe(
      'Search is faster and the config file is read once.\n\nNew features:\n\n* Search as you type (#12)\n* A `--quiet` flag\n  that prints nothing (#14)\n\nBug fixes:\n\n* Fix the crash on an empty config (#13)\n\nNew contributors: @ada made their first contribution in #12',
    );
  });

  it('express: one `*` list, no headings', () => {
    expect(restyleNotes(BODY, layoutOf('express-history.md'))).toBe(
      '* Search as you type (#12)\n* A `--quiet` flag\n  that prints nothing (#14)\n* Fix the crash on an empty config (#13)\n\nNew contributors: @ada made their first contribution in #12',
    );
  });

  it('monolog: `  * ` items two spaces in, and what nests under an item moved with it', () => {
    expect(restyleNotes(BODY, layoutOf('monolog.md'))).toBe(
      '  * Search as you type (#12)\n  * A `--quiet` flag\n    that prints nothing (#14)\n  * Fix the crash on an empty config (#13)\n\nNew contributors: @ada made their first contribution in #12',
    );
  });

  it('writes no escape the file does not write: `:`, `/`, `_`, `*` in words, `#` in a reference, `[` in link text', () => {
    // Escaped as Markdown writers escape defensively (mdast-util-to-markdown, the drafter's escapeText).
    const escaped =
      '### Fixes\n\n- Read https\\://example.com/a\\_b and https:\\/\\/example.com/c for my\\_option, a\\*b (\\#12)\n- The [\\[BC\\] guide](https://example.com/bc) and \\[BC\\] notes, C:\\\\dir, www\\.example.com';
    expect(restyleNotes(escaped, layoutOf('keep-a-changelog.md'))).toBe(
      '### Fixes\n\n- Read https://example.com/a_b and https://example.com/c for my_option, a*b (#12)\n- The [[BC] guide](https://example.com/bc) and [BC] notes, C:\\dir, www.example.com',
    );
    // An escape the Markdown needs stays: emphasis, HTML, a heading, a link to a definition the file has.
    const needed =
      '- 2\\*3 in a\\*b, `Box\\<T\\>` and Box\\<T\\>\n- \\# 1 is not a heading\n- See \\[1.1.0\\]';
    expect(restyleNotes(needed, layoutOf('keep-a-changelog.md'))).toBe(
      '- 2\\*3 in a*b, `Box\\<T\\>` and Box\\<T>\n- \\# 1 is not a heading\n- See \\[1.1.0]',
    );
    // A file that escapes `_` itself keeps the draft's.
    const escaping = '# Changelog\n\n## 1.0.0 - 2024-01-01\n\n- Add the my\\_option flag\n';
    expect(
      restyleNotes('- Use my\\_option and https:\\/\\/x.test', readChangelogFormat(escaping).notes),
    ).toBe('- Use my\\_option and https://x.test');
  });

  it('keeps the summary when there is nothing else to say', () => {
    expect(restyleNotes('Only documentation changed.', layoutOf('keep-a-changelog.md'))).toBe(
      'Only documentation changed.',
    );
  });
});

/** `body` written as a new release into the fixture `name`: the file's text after. */
function inserted(name: string, version: string, date: string, body: string): string {
  const out = writeDraftedRelease(fixture(name), { version, date, body });
  expect(out.action).toBe('inserted');
  return out.text;
}

describe('writeDraftedRelease', () => {
  it('writes a draft into release-please’s changelog in its form', () => {
    const text = inserted('release-please.md', '16.1.0', '2026-01-02', BODY);
    expect(text).toContain(
      '## [16.1.0](https://github.com/googleapis/release-please/compare/v16.0.0...v16.1.0) (2026-01-02)\n\n\n### New features\n\n* Search as you type (#12)\n',
    );
    const again = writeDraftedRelease(text, { version: '16.1.0', date: '2026-01-02', body: BODY });
    expect(again).toEqual({ text, action: 'unchanged' });
  });

  it('writes a fresh draft into monolog’s changelog as monolog writes: `  * ` items, URLs and words unescaped', () => {
    // A draft as generate and the Action make it, the escapes of its commit text included (`https:\/\/`,
    // `\[BC\]`), with a nested line a person added to the published entry.
    const { body } = draftRelease(
      {
        repository: 'Seldaek/monolog',
        version: '3.11.0',
        commits: [
          'feat: StreamHandler reads https://example.com/docs (#2020)',
          'fix: [BC] JsonFormatter crashing if __toString throws in my_handler (#2021)',
        ],
      },
      null,
    );
    expect(body).toContain('https:\\/\\/example.com/docs');
    const edited = body.replace(/(my_handler .*\))\n/, '$1\n  - the record is kept\n');
    expect(edited).toContain('\n  - the record is kept\n');
    expect(inserted('monolog.md', '3.11.0', '2026-03-01', edited)).toBe(
      [
        '### 3.11.0 (2026-03-01)',
        '',
        '  * StreamHandler reads https://example.com/docs ([#2020](https://github.com/Seldaek/monolog/issues/2020))',
        '  * Fix [BC] JsonFormatter crashing if __toString throws in my_handler ([#2021](https://github.com/Seldaek/monolog/issues/2021))',
        '    - the record is kept',
        '',
        fixture('monolog.md'),
      ].join('\n'),
    );
  });
});
