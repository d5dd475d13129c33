/**
 * A release written into a changelog in the file's own format, by position, on excerpts of real
 * changelogs in seven forms (test/fixtures/changelogs/, attributed in its README): each round-trips (the
 * import's notes of a version written back leave the file byte-identical), a newest release taken out
 * and written back in comes back byte for byte (heading form, date format, blank lines, link reference
 * definition), and a version is replaced where it is, never added twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateReleases } from '../../../core/changelog-file/locate-releases.ts';
import { writeChangelogRelease } from '../../../core/changelog-file/write-changelog-release.ts';
import { parseChangelog } from '../../../core/parse-changelog.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../fixtures/changelogs', name), 'utf8');

/** The six forms of the issue and monolog's, each a real project's changelog. */
const FORMATS = [
  ['Keep a Changelog with link references', 'keep-a-changelog.md'],
  ['`# v1.2.0`', 'bat.md'],
  ['`1.2.0 / date`', 'express-history.md'],
  ['setext headings', 'ripgrep.md'],
  ["release-please's", 'release-please.md'],
  ['free-form', 'prettier.md'],
  ['`### 3.10.0 (date)` over `  * ` items', 'monolog.md'],
] as const;

const headingsOf = (markdown: string, version: string) =>
  locateReleases(markdown).releases.filter((r) => r.reading?.version === version).length;

/** The file as it was before its newest release: that section, its definition and Unreleased link gone. */
function withoutNewest(markdown: string): { before: string; version: string } {
  const [newest, next] = locateReleases(markdown).releases;
  const version = newest!.reading!.version;
  const escaped = version.replace(/\./g, '\\.');
  const before = (markdown.slice(0, newest!.start) + markdown.slice(next!.start))
    .replace(new RegExp(`^\\[v?${escaped}\\]: .*\\n`, 'm'), '')
    .replace(
      new RegExp(`(\\[unreleased\\]: .*)v${escaped}\\.\\.\\.HEAD`, 'i'),
      `$1v${next!.reading!.version}...HEAD`,
    );
  return { before, version };
}

describe.each(FORMATS)('a changelog in the form %s (%s)', (_form, file) => {
  const markdown = fixture(file);
  const { releases } = parseChangelog(markdown);

  it('round-trips: every version written back with its own notes leaves the file byte-identical', () => {
    expect(releases.length).toBeGreaterThanOrEqual(3);
    for (const release of releases) {
      const out = writeChangelogRelease(markdown, {
        version: release.version,
        date: release.date,
        notes: release.notes,
      });
      expect(out.text, release.version).toBe(markdown);
      expect(out.action).toBe('unchanged');
    }
  });

  it('replaces a version in place: only its notes change, and its own notes bring the file back', () => {
    const newest = releases[0]!;
    const changed = writeChangelogRelease(markdown, {
      version: newest.version,
      date: newest.date,
      notes: '- One change, written again.',
    });
    expect(changed.action).toBe('replaced');
    const block = locateReleases(markdown).releases[0]!;
    expect(changed.text.slice(0, block.bodyStart)).toBe(markdown.slice(0, block.bodyStart));
    expect(changed.text.slice(block.bodyStart).startsWith('- One change, written again.')).toBe(true);
    expect(changed.text.endsWith(markdown.slice(block.end))).toBe(true);
    expect(headingsOf(changed.text, newest.version)).toBe(1);
    const back = writeChangelogRelease(changed.text, {
      version: newest.version,
      date: newest.date,
      notes: newest.notes,
    });
    expect(back.text).toBe(markdown);
  });

  it('writes its newest release back into the file without it, byte for byte, in the file’s own form', () => {
    const { before, version } = withoutNewest(markdown);
    expect(headingsOf(before, version)).toBe(0);
    const newest = releases.find((r) => r.version === version)!;
    const out = writeChangelogRelease(before, { version, date: newest.date, notes: newest.notes });
    expect(out.action).toBe('inserted');
    expect(out.text).toBe(markdown);
  });
});

describe('writeChangelogRelease', () => {
  it('moves the Unreleased compare link and adds the new version’s definition (Keep a Changelog)', () => {
    const out = writeChangelogRelease(fixture('keep-a-changelog.md'), {
      version: '1.2.0',
      date: '2026-01-02',
      notes: '### Added\n\n- Esperanto translation.',
    });
    expect(out.text).toContain(
      '## [Unreleased]\n\n### Added\n\n- v1.1 Spanish translation.\n- v1.1 Italian translation.\n\n## [1.2.0] - 2026-01-02\n\n### Added\n\n- Esperanto translation.\n\n## [1.1.1] - 2023-03-05\n',
    );
    expect(out.text).toContain(
      '[unreleased]: https://github.com/olivierlacan/keep-a-changelog/compare/v1.2.0...HEAD\n[1.2.0]: https://github.com/olivierlacan/keep-a-changelog/compare/v1.1.1...v1.2.0\n[1.1.1]: ',
    );
  });

  it('keeps a CRLF file CRLF, the new release included', () => {
    const crlf = fixture('keep-a-changelog.md').replace(/\n/g, '\r\n');
    const [newest] = parseChangelog(crlf).releases;
    expect(writeChangelogRelease(crlf, { ...newest!, notes: newest!.notes }).text).toBe(crlf);
    const out = writeChangelogRelease(crlf, { version: '1.2.0', date: '2026-01-02', notes: '- A.\n- B.' });
    expect(out.text).toContain('## [1.2.0] - 2026-01-02\r\n\r\n- A.\r\n- B.\r\n\r\n## [1.1.1]');
    expect(out.text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('starts a changelog that does not exist, and goes below an Unreleased section with no release under it', () => {
    expect(
      writeChangelogRelease('', { version: 'v1.0.0', date: '2026-01-02', notes: '### Added\n\n- A.' }).text,
    ).toBe('# Changelog\n\n## 1.0.0 - 2026-01-02\n\n### Added\n\n- A.\n');
    const unreleased = '# Changelog\n\n## [Unreleased]\n\n- Soon.\n';
    expect(
      writeChangelogRelease(unreleased, { version: '0.1.0', date: '2026-01-02', notes: '- A.' }).text,
    ).toBe('# Changelog\n\n## [Unreleased]\n\n- Soon.\n\n## 0.1.0 - 2026-01-02\n\n- A.\n');
  });

  it('writes a new release’s date in the file’s date format and its heading without another’s title', () => {
    const out = writeChangelogRelease(fixture('hand-written.md'), {
      version: '2.2.0',
      date: '2026-03-09',
      notes: '- Faster.',
    });
    expect(out.text).toContain(
      '## mytool 2.2.0 — March 9, 2026\n\n- Faster.\n\n## mytool 2.1.0 — January 2, 2024',
    );
    const patch = writeChangelogRelease(fixture('release-please.md'), {
      version: '16.0.1',
      date: '2026-01-02',
      notes: '### Bug Fixes\n\n* A fix.',
    });
    expect(patch.text).toContain(
      '# Changelog\n\n[npm history][1]\n\n[1]: https://www.npmjs.com/package/release-please?activeTab=versions\n\n## [16.0.1](https://github.com/googleapis/release-please/compare/v16.0.0...v16.0.1) (2026-01-02)\n\n\n### Bug Fixes\n\n* A fix.\n\n## [16.0.0]',
    );
  });

  it('links the new release from the one before it when tags carry no `v` (compare/1.1.0...1.2.0)', () => {
    const file =
      '# Changelog\n\n## [1.1.0](https://github.com/acme/app/compare/1.0.0...1.1.0) - 2025-10-27\n\n### Fixed\n\n- A fix.\n';
    const out = writeChangelogRelease(file, {
      version: '1.2.0',
      date: '2026-01-02',
      notes: '### Added\n\n- Export.',
    });
    expect(out.text).toContain(
      '## [1.2.0](https://github.com/acme/app/compare/1.1.0...1.2.0) - 2026-01-02\n\n### Added\n\n- Export.\n\n## [1.1.0]',
    );
  });

  it('underlines a setext heading as long as its line', () => {
    const out = writeChangelogRelease(fixture('express-history.md'), {
      version: '5.0.0',
      date: '2026-01-02',
      notes: '* Drop Node.js below 18',
    });
    expect(
      out.text.startsWith(
        '5.0.0 / 2026-01-02\n==================\n\n* Drop Node.js below 18\n\n4.19.2 / 2024-03-25\n',
      ),
    ).toBe(true);
  });
});
