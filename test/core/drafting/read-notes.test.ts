/**
 * Reading a release's notes into items (core/drafting/profile/read-notes.ts), what the drafting profile
 * learns from: nested lists, headings and group labels, links, code, prose notes and breaking items.
 */
import { describe, expect, it } from 'vitest';
import { readNotes } from '../../../core/drafting/profile/read-notes.ts';

const texts = (notes: string) => readNotes(notes).map((i) => i.text);

describe('readNotes', () => {
  it('reads a nested list item as part of its parent, unless the parent only names a group', () => {
    const notes = [
      '- Crash when the output flag is empty (#41)',
      '  - found on Windows only',
      '- **Fixes:**',
      '  - Parser hangs on CRLF input',
      '  - Lexer drops trailing tabs',
      '',
    ].join('\n');
    expect(readNotes(notes)).toEqual([
      {
        text: 'Crash when the output flag is empty (#41) found on Windows only',
        markdown: 'Crash when the output flag is empty (#41) found on Windows only',
        heading: '',
        position: 0,
        breaking: false,
      },
      {
        text: 'Parser hangs on CRLF input',
        markdown: 'Parser hangs on CRLF input',
        heading: 'Fixes',
        position: 1,
        breaking: false,
      },
      {
        text: 'Lexer drops trailing tabs',
        markdown: 'Lexer drops trailing tabs',
        heading: 'Fixes',
        position: 2,
        breaking: false,
      },
    ]);
  });

  it('puts each item under its heading and label, and leaves out contributors and prose beside lists', () => {
    const notes = [
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
      '',
    ].join('\n');
    expect(readNotes(notes).map((i) => [i.heading, i.text])).toEqual([
      ['Fixed', 'Crash on empty input'],
      ['Fixed / Performance', 'Faster startup'],
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

  it('never reads a code block as an item or as part of one', () => {
    const listed = ['- Add a colour option', '', '  ```sh', '  tool --colour always', '  ```', ''].join('\n');
    expect(texts(listed)).toEqual(['Add a colour option']);
    const prose = ['Startup is faster.', '', '```sh', 'npm install tool', '```', ''].join('\n');
    expect(texts(prose)).toEqual(['Startup is faster.']);
  });

  it('gives one item per paragraph to notes with no list, under its heading, thanks left out', () => {
    const notes = [
      'This release makes startup faster.',
      '',
      '## Parser',
      '',
      'It also repairs the parser.',
      '',
      '## Thanks',
      '',
      'Thanks to Ada for the report.',
      '',
    ].join('\n');
    expect(readNotes(notes).map((i) => [i.heading, i.text])).toEqual([
      ['', 'This release makes startup faster.'],
      ['Parser', 'It also repairs the parser.'],
    ]);
  });

  it('marks an item breaking under a breaking heading or when written as one, and only then', () => {
    const notes = [
      '### Breaking changes',
      '',
      '- Drop Node 18',
      '',
      '### Changed',
      '',
      '- **Breaking:** rename the config file',
      '- Breaking news banner on the home page',
      '',
    ].join('\n');
    expect(readNotes(notes).map((i) => [i.text, i.breaking])).toEqual([
      ['Drop Node 18', true],
      ['Breaking: rename the config file', true],
      ['Breaking news banner on the home page', false],
    ]);
  });
});
