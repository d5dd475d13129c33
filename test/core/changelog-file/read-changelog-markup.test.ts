/**
 * Which markup a changelog file is (core/changelog-file/read-changelog-markup.ts): by its extension,
 * and by its text when it has none; and its text as the Markdown the import reads.
 */
import { describe, expect, it } from 'vitest';
import { changelogAsMarkdown, changelogMarkup } from '../../../core/changelog-file/read-changelog-markup.ts';

const RST = '1.0.0 (2024-01-02)\n~~~~~~~~~~~~~~~~~~\n\n- Uses ``code``.\n';
const SETEXT_ONLY = 'Changelog\n=========\n\n1.0.0\n-----\n\n- Plain item.\n';
const MARKDOWN = '# Changelog\n\n1.0.0\n~~~~~\n\n## 1.0.0\n\n- Uses ``code``.\n';

describe('changelogMarkup', () => {
  it('reads .rst and .rest as reStructuredText and .md as Markdown, whatever the text', () => {
    expect(changelogMarkup('docs/CHANGELOG.rst', SETEXT_ONLY)).toBe('rst');
    expect(changelogMarkup('HISTORY.REST', '')).toBe('rst');
    expect(changelogMarkup('CHANGELOG.md', RST)).toBe('markdown');
  });

  it('reads a file without an extension (or .txt, or pasted) by its text', () => {
    expect(changelogMarkup('CHANGES', RST)).toBe('rst');
    expect(changelogMarkup('CHANGES.txt', RST)).toBe('rst');
    expect(changelogMarkup(null, RST)).toBe('rst');
    expect(changelogMarkup('v1.x/CHANGES', MARKDOWN)).toBe('markdown');
    // `=` and `-` underlines alone read the same as Markdown's setext headings.
    expect(changelogMarkup('CHANGES', SETEXT_ONLY)).toBe('markdown');
    expect(changelogMarkup('CHANGES', `${SETEXT_ONLY}\n.. _1.0.0: https://example.com\n`)).toBe('rst');
    expect(changelogMarkup('CHANGES', 'No titles here, just ``code``.\n')).toBe('markdown');
  });
});

describe('changelogAsMarkdown', () => {
  it('converts reStructuredText and leaves Markdown as it is', () => {
    expect(changelogAsMarkdown('HISTORY.rst', RST)).toBe('# 1.0.0 (2024-01-02)\n\n- Uses `code`.\n');
    expect(changelogAsMarkdown('CHANGELOG.md', MARKDOWN)).toBe(MARKDOWN);
  });
});
