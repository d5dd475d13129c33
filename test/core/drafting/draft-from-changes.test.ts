/**
 * Drafting from changes, not commits (issue "Drafts a maintainer publishes as drafted"): pull requests
 * as items (release-note sections, labels, closes), a merge workflow's log, breaking changes in prose,
 * dependency changes users notice, fixes to a feature of the same release, review follow-ups, version
 * bumps and branch merges, New contributors, titles without the version.
 */
import { describe, expect, it } from 'vitest';
import type { PullRequestInput } from '../../../core/contract/generate.schema.ts';
import { classifyCommit } from '../../../core/drafting/changes/classify-commit.ts';
import { draftRelease } from '../../../core/drafting/index.ts';
import { isCollapsedLine } from '../../../core/drafting/render/render-draft.ts';
import { releaseNoteOf } from '../../../core/drafting/changes/release-note-section.ts';

const draft = (commits: string[], pullRequests?: PullRequestInput[]) =>
  draftRelease({ commits, ...(pullRequests ? { pullRequests } : {}) }, null);
const listed = (d: ReturnType<typeof draft>) =>
  d.sections.flatMap((s) => s.items).filter((i) => !isCollapsedLine(i));

describe('pull requests', () => {
  it('are one item each: the merge or squash commit and the commits inside are not items', () => {
    const d = draft(
      ['Merge pull request #12 from octo/parser\n\nAdd a streaming parser', 'Fix crash on empty input (#14)'],
      [
        { number: 12, title: 'Add a streaming parser', labels: ['enhancement'] },
        { number: 14, title: 'Fix crash on empty input', labels: ['bug'], closes: [9] },
      ],
    );
    expect(listed(d)).toEqual(['Add a streaming parser (#12)', 'Fix crash on empty input (#14, #9)']);
    expect(d.sections.map((s) => s.category)).toEqual(['feature', 'fix']);
  });

  it('take their text from the body’s release-note section, and skip on NONE or a skip label', () => {
    const d = draft(
      ['Refactor the walker (#20)', 'Update CI matrix (#21)', 'Internal cleanup (#22)'],
      [
        {
          number: 20,
          title: 'Refactor the walker',
          body: '<!-- describe your change -->\nWe rewrote it.\n\n## Release notes\n\n- Directory walking is 30% faster on large trees\n\n## Checklist\n- [x] tests',
        },
        { number: 21, title: 'Update CI matrix', labels: ['skip-changelog'] },
        { number: 22, title: 'Internal cleanup', body: '```release-note\nNONE\n```' },
      ],
    );
    expect(listed(d)).toEqual(['Directory walking is 30% faster on large trees (#20)']);
    expect(d.sections.flatMap((s) => s.items)).toContain('Maintenance: 2 internal changes');
  });

  it('are breaking by label, and breaking changes lead the body and the title', () => {
    const d = draft(
      ['Add JSON output (#30)', 'Stop following symlinks (#31)'],
      [
        { number: 30, title: 'Add JSON output', labels: ['feature'] },
        { number: 31, title: 'Stop following symlinks', labels: ['breaking-change'] },
      ],
    );
    expect(d.body).toMatch(/### Breaking changes\n\n- Stop following symlinks \(#31\)/);
    expect(d.title).toBe('Stop following symlinks');
  });

  it('credit first-time contributors in a closing line, bots excluded', () => {
    const d = draft(
      ['Add JSON output (#30)', 'Bump serde from 1.0.1 to 1.0.2 (#33)'],
      [
        { number: 30, title: 'Add JSON output', author: 'ada', firstContribution: true },
        {
          number: 33,
          title: 'Bump serde from 1.0.1 to 1.0.2',
          author: 'dependabot[bot]',
          firstContribution: true,
        },
      ],
    );
    expect(d.body.trimEnd().split('\n').at(-1)).toBe(
      '**New contributors**: \\@ada made their first contribution in #30.',
    );
  });
});

describe('a merge workflow’s full log (a CI script posting git log prev..tag)', () => {
  it('drafts the merges: the commits they brought in are not items', () => {
    const log = [
      'Merge pull request #41 from octo/json\n\nAdd JSON output',
      'Address review comments',
      'Add --json flag to the list command',
      'Merge pull request #40 from octo/fix-crash\n\nFix crash when the config file is empty',
      'Handle empty config',
      "Merge branch 'main' into fix-crash",
      'Release 2.3.0',
    ];
    expect(listed(draft(log))).toEqual([
      'Add JSON output (#41)',
      'Fix crash when the config file is empty (#40)',
    ]);
  });
});

describe('breaking changes written as prose', () => {
  it.each([
    'Stop ignoring .git folders by default',
    'Drop support for Python 3.7',
    'The `--foo` flag no longer accepts a list',
    'Remove the deprecated `walk()` function',
    'Now requires Node.js 20 or later',
    'cli: bump MSRV to 1.74',
  ])('%s', (subject) => {
    expect(classifyCommit(subject)).toMatchObject({ kind: 'change', breaking: true });
  });

  it.each([
    'Remove unused imports',
    'Fix crash on empty input',
    'Add an option to follow symlinks',
    'Enable colours when the terminal supports them',
  ])('not: %s', (subject) => {
    expect(classifyCommit(subject).breaking).toBe(false);
  });
});

describe('what folds into Maintenance', () => {
  it.each([
    'Apply suggestions from code review',
    'Address review feedback',
    'fix lint',
    'Start version 8.4.2',
    'Merge stable into main',
    'Merge 2.3.x into main',
    'Update CHANGES.rst',
    'Add changelog entry for the new flag',
  ])('%s', (subject) => {
    expect(classifyCommit(subject).kind).not.toBe('change');
  });

  it('a fix to a feature the same release adds (users never saw the bug)', () => {
    const d = draft([
      'fix: `--json` output escapes quotes twice',
      'feat: add `--json` output',
      'fix: crash on Windows paths',
    ]);
    expect(listed(d)).toEqual(['Add `--json` output', 'Fix crash on Windows paths']);
  });
});

describe('dependency changes users notice', () => {
  it('are items, not names in the dependency line', () => {
    const d = draft([
      'chore(deps): replace request with undici',
      'chore(deps): bump zod from 4.1.0 to 4.2.0',
      'deps: require Python >= 3.9',
    ]);
    expect(listed(d)).toEqual(['**Breaking:** Require Python \\>= 3.9', 'Replace request with undici']);
    expect(d.sections.flatMap((s) => s.items)).toContain('Updated 1 dependency: zod 4.2.0');
  });
});

describe('pull requests a dependency bot opened', () => {
  const fix = { number: 4187, title: 'Fix message for the unsafe-call pattern', files: ['src/Pattern.java'] };

  it('are dependency updates whatever their wording, never items or the title', () => {
    const titles = [
      'Update plugin com.gradle.develocity to v4.5.0',
      'Update actions/checkout action to v5',
      'Update Rust crate html5ever to 0.36.0',
    ];
    const bots = titles.map((title, i) => ({ number: 4180 + i, title, author: 'renovate[bot]' }));
    const d = draft(
      [...bots, fix].map((pr) => `${pr.title} (#${pr.number})`),
      [...bots, fix],
    );
    expect(listed(d)).toEqual(['Fix message for the unsafe-call pattern (#4187)']);
    expect(d.title).toBe('Fix message for the unsafe-call pattern');
  });

  it('stay items when they change what the product ships', () => {
    const d = draft(
      ['Bump assets/syntaxes/Julia from `1e55f32` to `4fde0fd` (#2291)'],
      [
        {
          number: 2291,
          title: 'Bump assets/syntaxes/Julia from `1e55f32` to `4fde0fd`',
          author: 'dependabot[bot]',
          files: ['assets/syntaxes/Julia'],
        },
      ],
    );
    expect(listed(d)).toHaveLength(1);
  });

  it('and a Gradle settings file alone is a dependency change, as a build file is', () => {
    const d = draft(
      ['Update plugin com.gradle.develocity to v4.5.0 (#4186)', `${fix.title} (#4187)`],
      [
        {
          number: 4186,
          title: 'Update plugin com.gradle.develocity to v4.5.0',
          files: ['settings.gradle.kts'],
        },
        fix,
      ],
    );
    expect(listed(d)).toEqual(['Fix message for the unsafe-call pattern (#4187)']);
  });
});

describe('the repository’s own scripts', () => {
  it('in a root script/ folder are tooling, as scripts/ is; a script/ inside the product is not', () => {
    const fix = { number: 31, title: 'Fix the parser on empty input', files: ['src/parser.clj'] };
    const tooling = {
      number: 30,
      title: 'Add release-everything script',
      files: ['script/release-everything.clj'],
    };
    const shipped = { number: 32, title: 'Add a script runner', files: ['src/script/runner.clj'] };
    const d = draft(
      [tooling, fix, shipped].map((pr) => `${pr.title} (#${pr.number})`),
      [tooling, fix, shipped],
    );
    expect(listed(d)).toEqual(['Add a script runner (#32)', 'Fix the parser on empty input (#31)']);
  });
});

describe('release-note sections', () => {
  it('reads headings of any level up to the next one, fenced blocks, and NONE', () => {
    expect(releaseNoteOf('### Changelog\nFaster start-up\n### Tests\nadded')).toEqual({
      kind: 'text',
      items: ['Faster start-up'],
    });
    expect(releaseNoteOf('```release-note\nN/A\n```')).toEqual({ kind: 'none' });
    expect(releaseNoteOf('Just a description')).toBeNull();
    expect(releaseNoteOf('## Release notes\n<!-- write here -->\n')).toBeNull();
  });
});
