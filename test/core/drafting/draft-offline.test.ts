/**
 * The rules of a draft a maintainer would publish, pinned with real commit subjects (probot, pg-boss,
 * qodo-ai/pr-agent, git-cliff, ripgrep, express): what is a change, breaking changes first, the title,
 * the category, the collapsed lines, items as sentences, and links.
 */
import { describe, expect, it } from 'vitest';
import { draftRelease } from '../../../core/drafting/index.ts';
import { isCollapsedLine } from '../../../core/drafting/render/render-draft.ts';

const draft = (commits: string[]) => draftRelease({ commits }, null);
const items = (d: ReturnType<typeof draft>) => d.sections.flatMap((s) => s.items);
const listed = (d: ReturnType<typeof draft>) => items(d).filter((i) => !isCollapsedLine(i));

/** Internal work from the histories the issue names, in their own words. */
const INTERNAL = [
  'Test wip',
  '10.1.2 release',
  'Lint',
  'Docs',
  'Deps',
  'Bump deps',
  'Add docs',
  'Add to README.md',
  'Update',
  'Merge pull request #495 from timgit/v11',
  'Update CHANGELOG',
  'Fix rubocop errors',
  'Add test cases for queue specific size warnings',
  'Added test for queue specific size warnings',
  'ci: Use organization-wide dependabot settings',
  'docs: Re-enable the docs deploy workflow',
  'test: add fixture for overriding the conventional scope (#1166)',
  'style(formatting): use spaces instead of tabs (#1184)',
  'chore(release): prepare for v2.10.1',
  'refactor(config): implement FromStr instead of Config::parse_from_str() (#1185)',
  'Add release notes',
  'Add link',
  'Fix typo in README',
  'Update .github/workflows/ci.yml',
  'doc: add cargo-binstall instructions',
  'changelog: add bug fix for \\b',
  'Add note on how to update docs for new release',
  'ignore: add multi-root parent matcher regression tests',
  'Deploying to gh-pages from @ 1a2b3c4',
  'fixup! feat: add queue size warning',
  'WIP',
];

describe('what is a change', () => {
  it('never lists internal work: it folds into one Maintenance line with a count and no references', () => {
    const d = draft([...INTERNAL, 'feat: add support for azure devops (#1172)']);
    expect(listed(d)).toEqual(['Add support for azure devops (#1172)']);
    const maintenance = items(d).find((i) => i.startsWith('Maintenance:'))!;
    expect(maintenance).toMatch(/^Maintenance: \d+ internal changes/);
    expect(maintenance).not.toMatch(/#\d/);
  });

  it('drops a commit and its revert, in both revert styles', () => {
    const d = draft([
      'Revert "fix: cache the config between runs"',
      'revert: feat: add a --fast flag',
      'feat: add a --fast flag',
      'fix: cache the config between runs',
      'fix: handle empty tags (#12)',
    ]);
    expect(listed(d)).toEqual(['Handle empty tags (#12)']);
  });

  it('reads `(feat) …` as a feature, and ripgrep-style areas as scopes', () => {
    const d = draft([
      '(feat) add support for custom templates',
      'printer: fix --vimgrep with multiple matches (#2101)',
    ]);
    expect(d.sections.find((s) => s.category === 'feature')!.items).toEqual([
      'Add support for custom templates',
    ]);
    expect(d.sections.find((s) => s.category === 'fix')!.items).toEqual([
      '**printer**: Fix --vimgrep with multiple matches (#2101)',
    ]);
  });
});

describe('breaking changes', () => {
  // probot v14: one `feat!:` commit whose footers say what broke.
  const v14 = [
    'feat!: v14\n\nBREAKING CHANGE: Probot is now an ES module only package\nBREAKING CHANGE: drop support for Node.js < 20\nBREAKING-CHANGE: the built-in server is removed; use createNodeMiddleware\n\nCloses #1986',
    'feat: typed context for every event (#2001)',
    'fix: do not retry on 4xx (#2003)',
  ];

  it('lead the body, one item per footer in the footer’s words, and count in the summary', () => {
    const d = draft(v14);
    expect(d.body).toMatch(/^This release brings .*\n\n### Breaking changes\n\n/);
    const breaking = d.body.split('### Breaking changes\n\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(breaking).toEqual([
      '- Probot is now an ES module only package (#1986)',
      '- Drop support for Node.js < 20 (#1986)'.replace('<', '\\<'),
      '- The built-in server is removed; use createNodeMiddleware (#1986)',
    ]);
    expect(d.summary).toContain('It has 3 breaking changes');
    expect(d.category).toBe('feature');
  });

  it('title the release by what broke, never by a bare "V14" nor the version', () => {
    expect(draft(v14).title).toBe('Probot is now an ES module only package');
  });

  it('list a raised MSRV as breaking, never mistaking its version for a release commit', () => {
    // A changelog line of near/near-account-id; "Bump to 1.2.3" alone is the release itself.
    const d = draft(['Bump MSRV to 1.65', 'preparing for version 1.4.0', 'Bump to 1.2.3']);
    expect(d.body).toMatch(/### Breaking changes\n\n- Bump MSRV to 1\.65\n/);
    expect(listed(d)).toHaveLength(1);
  });

  it('never call a default of the project’s own test runs breaking', () => {
    // A sentence of a benchmark script's README, as a subject: the default it changes is the test run's.
    const d = draft([
      'UnixBench is turned off by default during testing of this script',
      'feat: export to PDF',
    ]);
    expect(d.body).not.toContain('### Breaking changes');
    expect(d.summary).not.toMatch(/breaking/);
  });
});

describe('title and category', () => {
  it('name the most important user-facing change: feature before fix, never a count', () => {
    expect(draft(['fix: crash when the config is empty (#5)']).title).toBe(
      'Fix crash when the config is empty',
    );
    expect(draft(['fix: crash on empty tag', 'feat: export to PDF']).title).toBe('Export to PDF');
    // A security fix leads, whatever its verb (a code comment of a public project, as a subject).
    expect(draft(['feat: export to PDF', 'Reject names with quotes to avoid injections']).title).toBe(
      'Reject names with quotes to avoid injections',
    );
    expect(draft(['test: add e2e tests', 'chore(deps): bump zod from 4.1.0 to 4.2.0']).title).toBe(
      'Maintenance and dependency updates',
    );
  });

  it('never lead with a change worded like internal work, though its product files make it an item', () => {
    const release = draftRelease(
      {
        commits: ['Add URL parsing tests from the spec suite', 'Support zstd decoding'],
        commitDetails: [
          {
            index: 0,
            files: ['src/url.py', 'tests/test_url.py', 'tests/cases.json'],
            additions: 9800,
            deletions: 20,
          },
          { index: 1, files: ['src/decoders.py'], additions: 40, deletions: 2 },
        ],
      },
      null,
    );
    // Both are items (the files are the product's), but the title is the change its words call one.
    expect(listed(release)).toHaveLength(2);
    expect(release.title).toBe('Support zstd decoding');
    // Alone, it may still lead: a title names what the draft lists.
    const alone = draftRelease(
      {
        commits: ['Add URL parsing tests from the spec suite'],
        commitDetails: [
          { index: 0, files: ['src/url.py', 'tests/test_url.py'], additions: 90, deletions: 2 },
        ],
      },
      null,
    );
    expect(alone.title).toBe('Add URL parsing tests from the spec suite');
  });

  it('never lead with a change whose words name nothing, nor with a release pull request titled from its branch', () => {
    const release = draftRelease(
      {
        commits: ['Fix (#3003)', 'Release 4 6 0 (#3010)', 'Correct caching of icons (#3004)'],
        commitDetails: [
          { index: 0, files: ['src/lib/converter/symbols.ts'], additions: 400, deletions: 90 },
          {
            index: 1,
            files: ['lib/view_component/version.rb', 'docs/CHANGELOG.md'],
            additions: 12,
            deletions: 3,
          },
          { index: 2, files: ['src/lib/output/icons.ts'], additions: 6, deletions: 2 },
        ],
      },
      null,
    );
    // `Fix` drew the most work but says nothing a title could name; `Release 4 6 0` is the release.
    expect(release.title).toBe('Correct caching of icons');
    expect(listed(release).some((item) => item.includes('Release 4 6 0'))).toBe(false);
    // Alone, it still leads: a title names what the draft lists.
    expect(draft(['Fix (#3003)']).title).not.toBe('Maintenance and dependency updates');
  });

  it('set the category by rule: breaking or feature, else fix, else improvement', () => {
    const features = Array.from({ length: 8 }, (_, i) => `feat: feature number ${i}`);
    const fixes = Array.from({ length: 12 }, (_, i) => `fix: bug number ${i}`);
    expect(draft([...features, ...fixes]).category).toBe('feature');
    expect(draft(['fix: a crash', 'perf: faster startup', 'perf: less memory']).category).toBe('fix');
    expect(draft(['perf: faster startup']).category).toBe('improvement');
    expect(
      draft(['refactor!: rename the config file\n\nBREAKING CHANGE: .shiplogrc is now shiplog.toml'])
        .category,
    ).toBe('feature');
  });
});

describe('collapsed lines', () => {
  it('list dependencies by name and version, without prefixes or references, within 300 characters', () => {
    const bumps = Array.from(
      { length: 85 },
      (_, i) =>
        `chore(deps): bump package-number-${i} from 1.0.${i} to 1.1.${i} (#${2000 + i})\n\nSigned-off-by: dependabot[bot] <support@github.com>`,
    );
    const d = draft([
      ...bumps,
      'build(deps-dev): bump vitest from 3.1.0 to 3.2.4 (#2100)',
      'feat: something new',
    ]);
    const line = items(d).find((i) => i.startsWith('Updated '))!;
    expect(line).toMatch(/^Updated 86 dependencies: package-number-0 1\.1\.0, .* and \d+ more$/);
    expect(line.length).toBeLessThanOrEqual(300);
    expect(line).not.toMatch(/chore|build|deps\)|#\d/i);
  });
});

describe('items', () => {
  it('merge near-duplicates (a typo or case apart) and cite each reference once', () => {
    const d = draft([
      'Add eyes reaction to GitLab provider (#1949)',
      'Add eyes reacrtion to gitlab provider',
      '(#1676) Improve the review prompt for large diffs (#1676)',
    ]);
    expect(listed(d)).toEqual([
      'Add eyes reaction to GitLab provider (#1949)',
      'Improve the review prompt for large diffs (#1676)',
    ]);
  });

  it('phrase fixes as fixes, with the scope in bold', () => {
    expect(listed(draft(['fix(parser): crash on empty tag (#7)']))).toEqual([
      '**parser**: Fix crash on empty tag (#7)',
    ]);
    expect(listed(draft(['fix: handle CRLF line endings']))).toEqual(['Handle CRLF line endings']);
  });
});

describe('links', () => {
  it('link references and commit SHAs when the repository is known, and only then', () => {
    const commits = ['fix: revert 1a2b3c4d5 which broke paging (#12, octo/other#3)'];
    const linked = draftRelease({ commits, repository: 'octo/app' }, null);
    expect(linked.body).toContain('[#12](https://github.com/octo/app/issues/12)');
    expect(linked.body).toContain('[octo/other#3](https://github.com/octo/other/issues/3)');
    expect(linked.body).toContain('[1a2b3c4](https://github.com/octo/app/commit/1a2b3c4d5)');
    const enterprise = draftRelease(
      { commits, repository: 'octo/app', repositoryUrl: 'https://git.example.com/octo/app' },
      null,
    );
    expect(enterprise.body).toContain('[#12](https://git.example.com/octo/app/issues/12)');
    expect(draftRelease({ commits }, null).body).not.toContain('](');
  });
});
