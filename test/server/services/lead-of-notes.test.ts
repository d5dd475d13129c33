/**
 * What an imported release's notes lead with: its title in plain words and its category, on the notes
 * of real changelogs (test/fixtures/changelogs/) and the spellings they do not show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from '../../../core/parse-changelog.ts';
import { leadOfNotes } from '../../../server/services/rendering/lead-of-notes.ts';

const notesOf = (file: string, version: string) =>
  parseChangelog(
    readFileSync(join(import.meta.dirname, '../../fixtures/changelogs', file), 'utf8'),
  ).releases.find((r) => r.version === version)!.notes;

describe('leadOfNotes', () => {
  it('takes the first change in plain words, without its references, and the category its section names', () => {
    expect(leadOfNotes(notesOf('keep-a-changelog.md', '1.1.1'))).toEqual({
      title: 'Arabic translation',
      category: 'feature',
    });
    expect(leadOfNotes(notesOf('release-please.md', '2.12.1'))).toEqual({
      title: 'java: handle version manifest snapshot release version',
      category: 'fix',
    });
    expect(leadOfNotes(notesOf('release-please.md', '16.0.0'))).toEqual({
      title: 'Require node 18+',
      category: 'improvement',
    });
    expect(leadOfNotes(notesOf('click-CHANGES.rst', '7.1.1'))).toEqual({
      title: 'Fix ClickException output going to stdout instead of stderr',
      category: 'fix',
    });
    expect(leadOfNotes(notesOf('express-history.md', '4.18.2'))).toEqual({
      title: 'Fix regression routing a large stack in a single route',
      category: 'fix',
    });
  });

  it('leads with prose when the notes do: its first sentence, an announcement', () => {
    expect(leadOfNotes(notesOf('ripgrep.md', '15.1.0'))).toEqual({
      title: 'This is a small release that fixes a bug with how ripgrep handles line buffering',
      category: 'announcement',
    });
  });

  it('keeps a code name as written, and cuts a long text at a word boundary', () => {
    expect(leadOfNotes(notesOf('angular.md', '17.0.0-next.3')).title).toBe(
      'urlHandlingStrategy has been removed from the Router public API',
    );
    const long = leadOfNotes(`- ${'word '.repeat(60)}end`).title!;
    expect([...long].length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^Word word .* word…$/);
  });

  it('reads labels, GitHub-generated items and ripgrep-style references', () => {
    expect(
      leadOfNotes('Bug fixes:\n\n* [BUG #2664](https://github.com/o/r/issues/2664):\n  Fix `--sortr=path`.'),
    ).toEqual({ title: 'Fix --sortr=path', category: 'fix' });
    expect(
      leadOfNotes("## What's Changed\n* Add a --json flag by @octocat in https://github.com/o/r/pull/7"),
    ).toEqual({ title: 'Add a --json flag', category: 'feature' });
    expect(leadOfNotes('- Faster startup on large repositories, closes #12, #13')).toEqual({
      title: 'Faster startup on large repositories',
      category: 'improvement',
    });
  });

  it('keeps the subject: a leading scope and code as written, the type prefix gone', () => {
    expect(leadOfNotes('### Added\n\n- **Bash**: complete subcommands (#12)').title).toBe(
      'Bash: complete subcommands',
    );
    expect(leadOfNotes('- fish: `z` completes directories').title).toBe('fish: z completes directories');
    expect(leadOfNotes('### Added\n\n- `zoxide add` accepts several paths').title).toBe(
      'zoxide add accepts several paths',
    );
    expect(leadOfNotes('* feat(cli): add a --json flag').title).toBe('cli: add a --json flag');
    expect(leadOfNotes('* feat: add a --json flag').title).toBe('Add a --json flag');
  });

  it('titles a fix release by the fix, not by the bug it states', () => {
    expect(leadOfNotes('### Fixed\n\n- Crash when the config file is empty (#40)')).toEqual({
      title: 'Fix crash when the config file is empty',
      category: 'fix',
    });
    expect(leadOfNotes('### Fixed\n\n- `zoxide query` no longer prints a blank line').title).toBe(
      'zoxide query no longer prints a blank line',
    );
    expect(leadOfNotes('## Bug fixes\n\n- zsh: completions break on paths with spaces').title).toBe(
      'zsh: Fix completions break on paths with spaces',
    );
  });

  it('leads with the first user-facing change: internal sections and bumps come after it', () => {
    expect(
      leadOfNotes(
        '### Dependencies\n\n- Bump serde to 1.0.200\n\n### Changed\n\n- Update the README\n- Faster startup on large repositories',
      ),
    ).toEqual({ title: 'Faster startup on large repositories', category: 'improvement' });
  });

  it('has no title for notes without text (a table alone)', () => {
    expect(leadOfNotes(notesOf('angular.md', '16.2.6'))).toEqual({ title: null, category: 'announcement' });
  });
});
