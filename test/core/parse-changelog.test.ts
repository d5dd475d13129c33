/**
 * A Markdown changelog → releases, per common form, on short excerpts of real changelogs
 * (test/fixtures/changelogs/, attributed in its README) and hand-written samples.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from '../../core/parse-changelog.ts';
import { longChangelog } from '../../bench/parse-changelog.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../fixtures/changelogs', name), 'utf8');
const summary = (markdown: string) =>
  parseChangelog(markdown).releases.map((r) => [r.version, r.date, r.title ?? null]);

describe('parseChangelog', () => {
  it('Keep a Changelog: [x.y.z] - date headings, sub-sections kept, Unreleased and the link footer left out', () => {
    const { releases, skipped } = parseChangelog(fixture('keep-a-changelog.md'));
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['1.1.1', '2023-03-05'],
      ['1.1.0', '2019-02-15'],
      ['1.0.0', '2017-06-20'],
      ['0.0.1', '2014-05-31'],
    ]);
    expect(skipped).toEqual([{ heading: 'Unreleased', version: null, reason: 'unreleased' }]);
    // `### Added` / `### Fixed` stay in the notes: the version level is ##.
    expect(releases[0]!.notes).toMatch(/^### Added\n\n- Arabic translation \(#444\)\./);
    expect(releases[0]!.notes).toContain('### Removed\n\n- Unused normalize.css file');
    // The compare links of the footer belong to no release's notes.
    expect(releases.at(-1)!.notes).toBe(
      '### Added\n\n- This CHANGELOG file to hopefully serve as an evolving example of a\n  standardized open source project CHANGELOG.',
    );
    expect(releases.some((r) => r.notes.includes('compare/'))).toBe(false);
  });

  it('keeps a reference definition with the notes that use it, wherever it is written', () => {
    const markdown = `## 1.1.0 - 2024-02-01\n\n- Faster [search].\n\n## 1.0.0 - 2024-01-01\n\n- First.\n\n[1.1.0]: https://example.com/compare/1.0.0...1.1.0\n[search]: https://example.com/search\n`;
    const [newer, older] = parseChangelog(markdown).releases;
    expect(newer!.notes).toBe('- Faster [search].\n\n[search]: https://example.com/search');
    expect(older!.notes).toBe('- First.');
    // ripgrep writes them inside the release, where they stay as written.
    const ripgrep = parseChangelog(fixture('ripgrep.md')).releases.find((r) => r.version === '14.0.0')!;
    expect(ripgrep.notes).toContain(
      'with hyperlinks][report-hyperlinks], positive or negative.\n\n[VS Code]: https://code.visualstudio.com/\n[report-hyperlinks]:',
    );
    expect(ripgrep.notes).toMatch(/Instead, they only partially override `-C`\.$/);
  });

  it('finds a definition by its label in any case, as [text][label], and with an escaped bracket; borrowed ones in the document’s order', () => {
    const markdown = [
      '## 2.0.0 - 2024-03-01',
      '',
      '- See [the guide][Guide], [Docs] and [a \\[b\\]].',
      '',
      '## 1.0.0 - 2024-01-01',
      '',
      '- First.',
      '',
      '[docs]: https://example.com/docs',
      '[a \\[b\\]]: https://example.com/ab',
      '[guide]: https://example.com/guide',
      '[unused]: https://example.com/unused',
    ].join('\n');
    const [newer, older] = parseChangelog(markdown).releases;
    expect(newer!.notes).toBe(
      [
        '- See [the guide][Guide], [Docs] and [a \\[b\\]].',
        '',
        '[docs]: https://example.com/docs',
        '[a \\[b\\]]: https://example.com/ab',
        '[guide]: https://example.com/guide',
      ].join('\n'),
    );
    expect(older!.notes).toBe('- First.');
  });

  it('reads a long changelog with a definition per release, each release with its own notes', () => {
    // Keep a Changelog's footer: one compare link per release, 4,000 releases (about 0.5 MiB). How long
    // it takes against marked's lexing is a figure of `npm run bench -- parse-changelog` (goal ≤ 3),
    // not an assertion here: a test must not depend on the machine's speed.
    const parsed = parseChangelog(longChangelog(4000));
    expect(parsed.releases).toHaveLength(4000);
    expect(parsed.releases[0]!.notes).toBe('### Fixed\n\n- A fix in 40.0.0.');
    expect(parsed.releases[2500]!.notes).toBe('### Fixed\n\n- A fix in 15.0.0.');
    expect(parsed.skipped).toEqual([]);
  });

  it('release-please / conventional-changelog: [x.y.z](compare) (date), patch releases one level down', () => {
    const { releases, skipped } = parseChangelog(fixture('release-please.md'));
    expect(summary(fixture('release-please.md'))).toEqual([
      ['16.0.0', '2023-09-18', null],
      ['15.13.0', '2023-08-18', null],
      ['2.13.0', '2019-10-28', null],
      ['2.12.1', '2019-10-24', null],
      ['2.12.0', '2019-10-23', null],
    ]);
    expect(skipped).toEqual([]);
    expect(releases[0]!.notes).toMatch(/^### ⚠ BREAKING CHANGES\n\n\* require node 18\+/);
    expect(releases[0]!.notes).toContain('### Bug Fixes');
    expect(releases[3]!.notes).toMatch(/^### Bug Fixes\n\n\* \*\*java:\*\* handle version manifest/);
    expect(releases[2]!.notes).not.toContain('2.12.1');
  });

  it('# x.y.z (date) with ## and ### sub-sections; anchors and comments are not notes', () => {
    const { releases, skipped } = parseChangelog(fixture('angular.md'));
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['16.2.6', '2023-09-20'],
      ['17.0.0-next.3', '2023-09-06'],
    ]);
    expect(skipped).toEqual([{ heading: '16.2.5 (2023-09-13)', version: '16.2.5', reason: 'no notes' }]);
    expect(releases[1]!.notes).toMatch(/^## Breaking Changes\n### router\n- `urlHandlingStrategy`/);
    expect(releases.some((r) => /<a name|CHANGELOG SPLIT MARKER/.test(r.notes))).toBe(false);
  });

  it('setext headings with "x.y.z / date" (express History.md)', () => {
    expect(summary(fixture('express-history.md'))).toEqual([
      ['4.19.2', '2024-03-25', null],
      ['4.19.1', '2024-03-20', null],
      ['4.18.2', '2022-10-08', null],
      ['4.18.1', '2022-04-29', null],
    ]);
    const nested = parseChangelog(fixture('express-history.md')).releases[2]!.notes;
    expect(nested).toBe(
      '* Fix regression routing a large stack in a single route\n  * deps: body-parser@1.20.1\n    - deps: qs@6.11.0\n    - perf: remove unnecessary object clone\n  * deps: qs@6.11.0',
    );
  });

  it('setext "x.y.z (date)" and a dateless heading; a TBD section is unreleased (ripgrep)', () => {
    const { releases, skipped } = parseChangelog(fixture('ripgrep.md'));
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['15.1.0', null],
      ['14.0.3', '2023-11-28'],
      ['14.0.0', '2023-11-26'],
    ]);
    expect(skipped).toEqual([{ heading: 'TBD', version: null, reason: 'unreleased' }]);
    expect(releases[0]!.notes).toMatch(/^This is a small release that fixes a bug/);
    expect(releases[0]!.notes).toMatch(/Add hyperlink alias for Cursor\.$/);
  });

  it('"Version x.y" with a "Released <date>" line (Pallets), and an "Unreleased" line', () => {
    const { releases, skipped } = parseChangelog(fixture('click-CHANGES.rst'));
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['7.1.2', '2020-04-27'],
      ['7.1.1', '2020-03-09'],
      ['7.1', '2020-03-09'],
    ]);
    expect(skipped).toEqual([{ heading: 'Version 8.0', version: '8.0', reason: 'unreleased' }]);
    // The release line gave the date and is not part of the notes.
    expect(releases[1]!.notes).toBe(
      '-   Fix ``ClickException`` output going to stdout instead of stderr.\n    :issue:`1495`',
    );
  });

  it('## x.y.z without dates, two-part versions (node-semver)', () => {
    expect(summary(fixture('node-semver.md'))).toEqual([
      ['7.2.2', null, null],
      ['7.2.0', null, null],
      ['6.0', null, null],
      ['5.7', null, null],
    ]);
    // An indented paragraph inside the list item stays as written.
    expect(parseChangelog(fixture('node-semver.md')).releases[2]!.notes).toContain(
      '\n\n    This is technically a bug fix',
    );
  });

  it('project-name prefixes, v-prefixes, month-name dates, a title after the version, prose headings', () => {
    const { releases, skipped } = parseChangelog(fixture('hand-written.md'));
    expect(releases.map((r) => [r.version, r.date, r.title ?? null])).toEqual([
      ['2.1.0', '2024-01-02', null],
      ['2.0.0', '2023-12-01', 'Faster builds'],
      ['1.9.1', '2023-11-15', null],
      ['1.9.0', '2023-11-02', null],
      ['1.0.0', '2023-01-10', null],
    ]);
    expect(skipped).toEqual([
      { heading: 'Upgrading from 1.x to 2.0', version: null, reason: 'no version in the heading' },
      { heading: '1.8.0 (unreleased)', version: '1.8.0', reason: 'unreleased' },
    ]);
    expect(releases[0]!.notes).toBe(
      "A faster index and a friendlier first run.\n\n### Added\n\n- `mytool init` asks for the project's name instead of guessing it.",
    );
    // The prose section closed 1.9.0 and is in no release.
    expect(releases[3]!.notes).toBe('- Added the `--quiet` flag.');
  });

  it('reads the other heading spellings', () => {
    const cases: [string, [string, string | null, string | null]][] = [
      ['# 1.2.0', ['1.2.0', null, null]],
      ['## v1.2.0 (2024-01-02)', ['1.2.0', '2024-01-02', null]],
      ['## 1.2.0 / 2024-01-02', ['1.2.0', '2024-01-02', null]],
      [
        '## [v1.2.0](https://github.com/o/r/compare/v1.1.0...v1.2.0) (2024-01-02)',
        ['1.2.0', '2024-01-02', null],
      ],
      ['## Version 1.2.0', ['1.2.0', null, null]],
      ['## 1.2.0 — January 2, 2024', ['1.2.0', '2024-01-02', null]],
      ['## 1.2.0 - Jan. 2nd, 2024', ['1.2.0', '2024-01-02', null]],
      ['## mytool 1.2.0', ['1.2.0', null, null]],
      ['## mytool@1.2.0', ['1.2.0', null, null]],
      ['## [1.2.0] - 2024-01-02 [YANKED]', ['1.2.0', '2024-01-02', null]],
      ['## 2.0.0-rc.1 (2024-01-02)', ['2.0.0-rc.1', '2024-01-02', null]],
      ['1.0.0rc4 / 2010-10-14\n==================', ['1.0.0rc4', '2010-10-14', null]],
      [
        '## <small>[6.0.1](https://github.com/o/r/compare/v6.0.0...v6.0.1) (2024-11-27)</small>',
        ['6.0.1', '2024-11-27', null],
      ],
      ['## 1.2.0 (2024-02-30)', ['1.2.0', null, null]],
    ];
    for (const [heading, expected] of cases)
      expect(summary(`${heading}\n\n- A change.\n`), heading).toEqual([expected]);
  });

  it('refuses what is not a release', () => {
    expect(parseChangelog('# Notes\n\nNothing versioned here.\n')).toEqual({ releases: [], skipped: [] });
    // A version named twice: the longer section is kept, in the place of the first, whichever it is.
    expect(parseChangelog('## 1.0.0\n\n- a\n\n## v1.0.0\n\n- b\n').skipped).toEqual([
      { heading: 'v1.0.0', version: '1.0.0', reason: 'duplicate' },
    ]);
    const twice = parseChangelog(
      '## 2.0.0\n\n- Moved.\n\n## 1.0.0\n\nSee below.\n\n## 1.0.0 - 2020-01-02\n\n- First release.\n- With a CLI.\n',
    );
    expect(twice.releases.map((r) => [r.version, r.date, r.notes])).toEqual([
      ['2.0.0', null, '- Moved.'],
      ['1.0.0', '2020-01-02', '- First release.\n- With a CLI.'],
    ]);
    expect(twice.skipped).toEqual([{ heading: '1.0.0', version: '1.0.0', reason: 'duplicate' }]);
    // A version named only inside a code block or a sub-section does not open a release.
    const { releases } = parseChangelog(
      '## 2.0.0\n\n```\n## 1.0.0\n```\n\n### Moving to 1.5.0 first\n\n- x\n',
    );
    expect(releases.map((r) => r.version)).toEqual(['2.0.0']);
    expect(releases[0]!.notes).toContain('### Moving to 1.5.0 first');
  });
});
