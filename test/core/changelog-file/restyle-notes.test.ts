/**
 * A draft's body laid out as a changelog lays out its notes: section heading level and the line under
 * it, `Bug fixes:` labels, one list, the bullet marker, and the summary only where notes open with prose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChangelogFormat } from '../../../core/changelog-file/read-changelog-format.ts';
import { restyleNotes } from '../../../core/changelog-file/restyle-notes.ts';
import { writeDraftedRelease } from '../../../core/changelog-file/write-drafted-release.ts';

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

  it('keeps the summary when there is nothing else to say', () => {
    expect(restyleNotes('Only documentation changed.', layoutOf('keep-a-changelog.md'))).toBe(
      'Only documentation changed.',
    );
  });
});

describe('writeDraftedRelease', () => {
  it('writes a draft into release-please’s changelog in its form', () => {
    const out = writeDraftedRelease(fixture('release-please.md'), {
      version: '16.1.0',
      date: '2026-01-02',
      body: BODY,
    });
    expect(out.action).toBe('inserted');
    expect(out.text).toContain(
      '## [16.1.0](https://github.com/googleapis/release-please/compare/v16.0.0...v16.1.0) (2026-01-02)\n\n\n### New features\n\n* Search as you type (#12)\n',
    );
    const again = writeDraftedRelease(out.text, { version: '16.1.0', date: '2026-01-02', body: BODY });
    expect(again).toEqual({ text: out.text, action: 'unchanged' });
  });
});
