/**
 * A reStructuredText changelog → the Markdown the import reads (core/changelog-file/
 * convert-rst-changelog.ts): headings by the order adornment styles first appear, lists with their
 * continuation lines, inline markup, and the releases parseChangelog finds in the result.
 */
import { describe, expect, it } from 'vitest';
import { convertRstChangelog } from '../../../core/changelog-file/convert-rst-changelog.ts';
import { convertRstInline } from '../../../core/changelog-file/convert-rst-inline.ts';
import { parseChangelog } from '../../../core/parse-changelog.ts';

const inline = (text: string, targets: Record<string, string> = {}) =>
  convertRstInline(text, new Map(Object.entries(targets)));

describe('convertRstChangelog: titles', () => {
  it('gives each adornment style the level of its first appearance, overlined apart from underlined', () => {
    const rst = [
      '=========',
      'Changelog',
      '=========',
      '',
      '2.0.0',
      '=====',
      '',
      'Fixed',
      '~~~~~',
      '',
      '- A fix.',
      '',
      '1.0.0',
      '=====',
      '',
      'Added',
      '~~~~~',
      '',
      'Details',
      '^^^^^^^',
      '',
      'Text.',
    ].join('\n');
    expect(convertRstChangelog(rst)).toBe(
      '# Changelog\n\n## 2.0.0\n\n### Fixed\n\n- A fix.\n\n## 1.0.0\n\n### Added\n\n#### Details\n\nText.\n',
    );
  });

  it('reads the punctuation of every common style, an inset overlined title and a short underline of 4', () => {
    const titles = ['-', '"', "'", '`', '#', '*', '+', '^'].flatMap((c, i) => [`v${i}.0.0`, c.repeat(6), '']);
    expect(convertRstChangelog(['=========', '  Title  ', '=========', ''].join('\n'))).toBe('# Title\n');
    expect(convertRstChangelog(titles.join('\n'))).toBe(
      `${['-', '"', "'", '`', '#', '*', '+', '^'].map((_, i) => `${'#'.repeat(Math.min(i + 1, 6))} v${i}.0.0`).join('\n\n')}\n`,
    );
    expect(convertRstChangelog('Release notes\n----\n\nText.')).toBe('# Release notes\n\nText.\n');
    // Three characters under a longer title are no underline.
    expect(convertRstChangelog('Release notes\n---\n')).toBe('Release notes\n\\---\n');
  });

  it('drops transitions, comments and targets; a rubric is a bold line', () => {
    const rst =
      '1.0.0\n=====\n\n.. towncrier release notes start\n\n.. rubric:: Fixed\n\n- A fix.\n\n----\n\n.. _home: https://example.com\n';
    expect(convertRstChangelog(rst)).toBe('# 1.0.0\n\n**Fixed**\n\n- A fix.\n');
  });
});

describe('convertRstChangelog: body', () => {
  it('keeps bullets of -, * and +, their continuation lines indented, nested lists and second paragraphs', () => {
    const rst = [
      '- First item, wrapped',
      '  onto a second line.',
      '- Second item.',
      '',
      '  - Nested item.',
      '',
      '  Its second paragraph.',
      '',
      '* Star item',
      '  continued.',
      '',
      '+ Plus item.',
      '• Round bullet.',
    ].join('\n');
    expect(convertRstChangelog(rst)).toBe(
      [
        '- First item, wrapped',
        '  onto a second line.',
        '- Second item.',
        '',
        '  - Nested item.',
        '',
        '  Its second paragraph.',
        '',
        '* Star item',
        '  continued.',
        '',
        '+ Plus item.',
        '',
        '- Round bullet.',
        '',
      ].join('\n'),
    );
  });

  it('numbers enumerated lists, and leaves a number starting a paragraph as text', () => {
    expect(convertRstChangelog('#. One.\n#. Two.\n\n3) Three.\n')).toBe('1. One.\n2. Two.\n3. Three.\n');
    expect(convertRstChangelog('2024. A year to\nremember.\n')).toBe('2024. A year to\nremember.\n');
  });

  it('turns field lines and definition terms into bold lines, and a :: paragraph into a fenced block', () => {
    const rst = [
      ':Released: 2024-01-02',
      '',
      'Bug fixes',
      '    - A fix.',
      '',
      'Run it like this::',
      '',
      '    shiplog import --changelog CHANGELOG.rst',
      '',
      '.. code-block:: python',
      '   :linenos:',
      '',
      '   print("hi")',
      '',
      '.. note:: Mind the ``gap``.',
    ].join('\n');
    expect(convertRstChangelog(rst)).toBe(
      [
        '**Released:** 2024-01-02',
        '',
        '**Bug fixes**',
        '',
        '- A fix.',
        '',
        'Run it like this:',
        '',
        '```',
        'shiplog import --changelog CHANGELOG.rst',
        '```',
        '',
        '```python',
        'print("hi")',
        '```',
        '',
        '> **Note:** Mind the `gap`.',
        '',
      ].join('\n'),
    );
  });

  it('reads tabs as 8 columns and Windows line endings', () => {
    expect(convertRstChangelog('1.0.0\r\n=====\r\n\r\n-\tTabbed item\r\n\tcontinued.\r\n')).toBe(
      '# 1.0.0\n\n- Tabbed item\n  continued.\n',
    );
  });
});

describe('convertRstInline', () => {
  it('turns ``literals`` into code spans, fenced past the backticks they hold', () => {
    expect(inline('Call ``logger.add()`` and ``a`b``.')).toBe('Call `logger.add()` and ``a`b``.');
  });

  it('turns embedded and named references into links, unknown ones into their text', () => {
    expect(inline('See `the docs <https://example.com/docs>`_ and `guide <https://example.com/g>`__.')).toBe(
      'See [the docs](https://example.com/docs) and [guide](https://example.com/g).',
    );
    expect(
      inline('`1.2.0`_ and Sphinx_ and `Missing`_', {
        '1.2.0': 'https://x.test/1',
        sphinx: 'https://s.test',
      }),
    ).toBe('[1.2.0](https://x.test/1) and [Sphinx](https://s.test) and Missing');
    expect(inline('`#12\n<https://x.test/12>`_')).toBe('[#12](https://x.test/12)');
  });

  it('shows roles as their text: issues as #N, users as @name, code roles as code', () => {
    expect(inline('Fix it (:issue:`123`, :pr:`12`, :gh:`7`). Thanks :user:`ada`.')).toBe(
      'Fix it (#123, #12, #7). Thanks @ada.',
    );
    expect(inline(':func:`~pkg.mod.run`, :class:`Schema`, :doc:`Install <install>`, :pep:`8`')).toBe(
      '`run`, `Schema`, Install, PEP 8',
    );
    expect(inline('The `default` role.')).toBe('The `default` role.');
  });

  it('keeps emphasis, and escapes what Markdown would read as markup the text has not', () => {
    expect(inline('*Backwards-incompatible*: **now** 2*3*4, __init__, <hide> and snake_case.')).toBe(
      '*Backwards-incompatible*: **now** 2\\*3\\*4, \\_\\_init\\_\\_, \\<hide> and snake_case.',
    );
    expect(inline('``a``\\ s and \\*not emphasis\\*')).toBe('`a`s and \\*not emphasis\\*');
  });

  it('leaves URLs as they are', () => {
    expect(inline('At https://example.com/a_b_/x.')).toBe('At https://example.com/a_b_/x.');
  });
});

describe('a reStructuredText changelog, parsed', () => {
  const rst = `Changelog
=========

Unreleased
----------

- Nothing yet.

\`1.1.0\`_ (2024-03-05)
---------------------

Fixed
~~~~~

- The parser no longer drops the last line
  of a file (:issue:\`42\`).

1.0.0
-----

Released 2024-01-02

- First release, with \`\`shiplog import\`\` (\`#7 <https://example.com/pull/7>\`_).

.. _1.1.0: https://example.com/releases/1.1.0
`;

  it('yields the releases a Markdown changelog would: versions, dates, sections and readable notes', () => {
    expect(parseChangelog(convertRstChangelog(rst))).toEqual({
      releases: [
        {
          version: '1.1.0',
          date: '2024-03-05',
          notes: '### Fixed\n\n- The parser no longer drops the last line\n  of a file (#42).',
          heading: '1.1.0 (2024-03-05)',
        },
        {
          version: '1.0.0',
          date: '2024-01-02',
          notes: '- First release, with `shiplog import` ([#7](https://example.com/pull/7)).',
          heading: '1.0.0',
        },
      ],
      skipped: [{ heading: 'Unreleased', version: null, reason: 'unreleased' }],
    });
  });
});
