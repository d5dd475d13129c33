/**
 * The one reader of a release's notes (core/drafting/notes/read-notes.ts, rules in its docstring): the
 * items the drafting profile learns from and the evaluation scores drafts against. Nested lists and
 * group labels, Markdown and RST headings, what is never an item, prose notes, breaking and leading.
 */
import { describe, expect, it } from 'vitest';
import { readNotes } from '../../../core/drafting/notes/read-notes.ts';

const texts = (notes: string) => readNotes(notes).map((i) => i.text);
const lines = (...l: string[]) => [...l, ''].join('\n');

describe('readNotes: list items', () => {
  it('reads a nested list item as part of its parent, unless the parent only names a group', () => {
    const notes = lines(
      '- Crash when the output flag is empty (#41)',
      '  - found on Windows only',
      '- **Fixes:**',
      '  - Parser hangs on CRLF input',
      '  - Lexer drops trailing tabs',
    );
    expect(readNotes(notes)).toEqual([
      {
        text: 'Crash when the output flag is empty (#41) found on Windows only',
        markdown: 'Crash when the output flag is empty (#41) found on Windows only',
        heading: '',
        position: 0,
        leading: true,
        breaking: false,
      },
      {
        text: 'Parser hangs on CRLF input',
        markdown: 'Parser hangs on CRLF input',
        heading: 'Fixes',
        position: 1,
        leading: true,
        breaking: false,
      },
      {
        text: 'Lexer drops trailing tabs',
        markdown: 'Lexer drops trailing tabs',
        heading: 'Fixes',
        position: 2,
        leading: true,
        breaking: false,
      },
    ]);
  });

  it('reads a parent of only category words as a group label, colon or not', () => {
    const notes = lines(
      '- Bug fixes and improvements',
      '  - Fixed gutter display in --style=minimal',
      '  - Persist history deletion (#4764)',
    );
    expect(readNotes(notes).map((i) => [i.heading, i.text])).toEqual([
      ['Bug fixes and improvements', 'Fixed gutter display in --style=minimal'],
      ['Bug fixes and improvements', 'Persist history deletion (#4764)'],
    ]);
  });

  it('joins continuation lines, and a line after a blank one indented under the item, into the item', () => {
    const notes = lines(
      '* Several bugs around gitignore matching have been fixed. This includes',
      '  a commonly reported bug.',
      '',
      '  It was found on Windows.',
      '* Globs can now use nested curly braces.',
    );
    expect(texts(notes)).toEqual([
      'Several bugs around gitignore matching have been fixed. This includes a commonly reported bug. It was found on Windows.',
      'Globs can now use nested curly braces.',
    ]);
  });
});

describe('readNotes: headings and labels', () => {
  it('puts each item under its heading and label, and leaves out contributors and prose beside lists', () => {
    const notes = lines(
      '## 2.0.0',
      '',
      'A big release: thanks to everyone who tried the betas.',
      '',
      '### Fixed',
      '',
      '- Crash on empty input',
      '',
      '**Performance**',
      '',
      '- Faster startup',
      '',
      '### New Contributors',
      '',
      '- @someone made their first contribution in #50',
    );
    expect(readNotes(notes).map((i) => [i.heading, i.text])).toEqual([
      ['Fixed', 'Crash on empty input'],
      ['Fixed / Performance', 'Faster startup'],
    ]);
  });

  it('reads RST and setext underlined headings, and leaves out directives and what they indent', () => {
    const notes = lines(
      'Version 8.2.0',
      '-------------',
      '',
      'Unreleased',
      '',
      '-   Drop support for Python 3.7. :pr:`2588`',
      '',
      '    .. code-block:: python',
      '',
      '        click.echo("hi")',
      '',
      'Fixes',
      '=====',
      '',
      '-   Show the default of a flag in help.',
    );
    expect(readNotes(notes).map((i) => [i.heading, i.markdown])).toEqual([
      ['Version 8.2.0', 'Drop support for Python 3.7. :pr:`2588`'],
      ['Fixes', 'Show the default of a flag in help.'],
    ]);
  });

  it('names a heading and a label in plain words: links, code marks and a closing colon removed', () => {
    const notes = lines(
      '### poetry-core ([`2.2.1`](https://github.com/python-poetry/poetry-core/releases/tag/2.2.1))',
      '',
      '- Fix an issue with dependency groups (#888)',
      '',
      '__Also fixed:__',
      '- Lock file ordering',
    );
    expect(readNotes(notes).map((i) => i.heading)).toEqual([
      'poetry-core (2.2.1)',
      'poetry-core (2.2.1) / Also fixed',
    ]);
  });
});

describe('readNotes: what is not an item, and what an item says', () => {
  const notes = lines(
    '## 2.0.0',
    '',
    'Some intro paragraph.',
    '',
    '### Breaking changes',
    '',
    '- Drop Node 18 ([#40](https://github.com/o/r/pull/40))',
    '',
    '### Fixed',
    '',
    '- Crash when the `--output` flag is empty (#41)',
    '  - found on Windows only',
    '- **Fixes:**',
    '  - Parser hangs on CRLF input',
    '  - Lexer drops trailing tabs',
    '- Add a colour option',
    '',
    '  ```sh',
    '  tool --colour always',
    '  ```',
    '- The cache moved. This is a breaking change.',
    '[#41]: https://github.com/o/r/pull/41',
    '<!-- generated -->',
    '- @someone @another',
    '',
    '- **Full Changelog**: https://github.com/o/r/compare/v1.0.0...v2.0.0',
    '',
    '### New Contributors',
    '',
    '- @someone made their first contribution in #50',
  );

  it('splits nested lists by their parent, and leaves out prose, code, link definitions and credits', () => {
    expect(readNotes(notes).map((i) => [i.heading, i.markdown])).toEqual([
      ['Breaking changes', 'Drop Node 18 ([#40](https://github.com/o/r/pull/40))'],
      ['Fixed', 'Crash when the `--output` flag is empty (#41) found on Windows only'],
      ['Fixed / Fixes', 'Parser hangs on CRLF input'],
      ['Fixed / Fixes', 'Lexer drops trailing tabs'],
      ['Fixed', 'Add a colour option'],
      ['Fixed', 'The cache moved. This is a breaking change.'],
    ]);
  });

  it('marks the first three and every breaking item as leading', () => {
    expect(readNotes(notes).map((i) => [i.leading, i.breaking])).toEqual([
      [true, true],
      [true, false],
      [true, false],
      [false, false],
      [false, false],
      [true, true],
    ]);
  });

  it('marks every item under a highlights, major or notable heading as leading', () => {
    const items = readNotes(
      lines('- One', '- Two', '- Three', '- Four', '', '### Highlights', '', '- Five', '- Six'),
    );
    expect(items.map((i) => [i.text, i.leading])).toEqual([
      ['One', true],
      ['Two', true],
      ['Three', true],
      ['Four', false],
      ['Five', true],
      ['Six', true],
    ]);
  });

  it("keeps a link's text and drops its target; keeps the words of inline code without its marks", () => {
    const [item] = readNotes(
      '- Respect `--colour=never` in [the pager](https://example.com/docs/pager) ([#40](https://github.com/o/r/pull/40))\n',
    );
    expect(item!.text).toBe('Respect --colour=never in the pager (#40)');
    expect(item!.markdown).toBe(
      'Respect `--colour=never` in [the pager](https://example.com/docs/pager) ([#40](https://github.com/o/r/pull/40))',
    );
  });

  it('keeps the underscores inside a word and removes emphasis around words', () => {
    expect(texts('- Respect `NO_COLOR` in **max_depth** and _quiet_ mode\n')).toEqual([
      'Respect NO_COLOR in max_depth and quiet mode',
    ]);
  });

  it('never reads a code block as an item or as part of one', () => {
    const listed = lines('- Add a colour option', '', '  ```sh', '  tool --colour always', '  ```');
    expect(texts(listed)).toEqual(['Add a colour option']);
    const prose = lines('Startup is faster.', '', '```sh', 'npm install tool', '```');
    expect(texts(prose)).toEqual(['Startup is faster.']);
  });

  it('gives one item per paragraph to notes with no list, under its heading, thanks left out', () => {
    const prose = lines(
      'This release makes startup faster',
      'on every platform.',
      '',
      '## Parser',
      '',
      'It also repairs the parser.',
      '',
      '## Thanks',
      '',
      'Thanks to Ada for the report.',
    );
    expect(readNotes(prose).map((i) => [i.heading, i.text])).toEqual([
      ['', 'This release makes startup faster on every platform.'],
      ['Parser', 'It also repairs the parser.'],
    ]);
  });
});

describe('readNotes: breaking', () => {
  it('marks an item breaking under a breaking or incompatible heading or when written as one, and only then', () => {
    const notes = lines(
      '### Breaking changes',
      '',
      '- Drop Node 18',
      '',
      '### Backwards incompatibilities',
      '',
      '- Rename the cache folder',
      '',
      '### Changed',
      '',
      '- **Breaking:** rename the config file',
      '- *Breaking:* Commander 14 requires Node.js v20',
      '- BREAKING CHANGE: the `--all` flag is gone',
      '- [breaking] Rename azureDevops variable',
      '- **BREAKING** Drop the old API',
      '- Breaking news banner on the home page',
      '- Breaking changes to the docs site layout',
    );
    expect(readNotes(notes).map((i) => [i.text, i.breaking])).toEqual([
      ['Drop Node 18', true],
      ['Rename the cache folder', true],
      ['Breaking: rename the config file', true],
      ['Breaking: Commander 14 requires Node.js v20', true],
      ['BREAKING CHANGE: the --all flag is gone', true],
      ['[breaking] Rename azureDevops variable', true],
      ['BREAKING Drop the old API', true],
      ['Breaking news banner on the home page', false],
      ['Breaking changes to the docs site layout', false],
    ]);
  });
});
