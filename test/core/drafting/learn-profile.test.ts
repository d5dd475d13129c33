/**
 * Learning, pairing and the replay (docs/drafting.md, "The drafting profile" and "The profile proves
 * itself"): a release teaches as much as the pairing covered its notes; folders the notes list are the
 * product's; the replay applies a learned part only where it loses neither precision nor recall; the
 * stored profile is parsed whole or refused with why.
 */
import { describe, expect, it } from 'vitest';
import {
  draftRelease,
  learnCounts,
  learnProfile,
  parseProfile,
  type ProfileExample,
} from '../../../core/drafting/index.ts';
import { pathKind } from '../../../core/drafting/evidence/touched-paths.ts';
import { isCollapsedLine } from '../../../core/drafting/render/render-draft.ts';
import { DEFAULT_RATES, listingRate, PRIOR_WEIGHT } from '../../../core/drafting/select/counts-selector.ts';
import { loadReleases } from '../../fixtures/releases/load-releases.ts';

/** Three typed fixes, the first of which the notes of these tests list. */
const THREE_FIXES = [
  'fix: crash when parsing an empty config (#1)',
  'fix: wrong exit code on timeout (#2)',
  'fix: stray newline in the JSON output (#3)',
];

const items = (draft: { sections: { items: string[] }[] }) =>
  draft.sections.flatMap((s) => s.items).filter((i) => !isCollapsedLine(i));

/**
 * A release of a project whose notes list its typed fixes and never its untyped clean-ups of the
 * product's sources (which plain drafts list, their files being the product's).
 */
function fixesOnly(n: number): ProfileExample {
  return {
    changes: {
      commits: [
        `fix: crash when the cache ${n} is empty (#${n}1)`,
        `Tidy the frobnicator ${n} internals`,
        `Rework widget ${n} layout code`,
      ],
      commitDetails: [
        { index: 0, files: [`src/cache${n}.rs`], additions: 10, deletions: 2 },
        { index: 1, files: [`src/frob${n}.rs`], additions: 40, deletions: 30 },
        { index: 2, files: [`src/widget${n}.rs`], additions: 50, deletions: 20 },
      ],
    },
    notes: `### Fixed\n\n- Fixed a crash when the cache ${n} is empty (#${n}1)\n`,
  };
}

describe('honest pairing', () => {
  it('a release whose notes items find no change teaches nothing about what is left out', () => {
    const profile = learnCounts([
      {
        changes: {
          commits: ['Rework the token stream', 'Speed up the tokenizer loop', 'Tidy config loading'],
        },
        notes: '- Startup is faster\n- Friendlier error messages\n',
      },
    ]);
    expect(profile.releasesLearned).toBe(1);
    expect(profile.style).toMatchObject({ items: 2, matched: 0 });
    // Nothing paired: every rate stays its default, however many changes went "unlisted".
    expect(listingRate(profile.selector.state, 'improvement')).toBe(DEFAULT_RATES.improvement);
  });

  it('a rate moves from its default only as far as the pairing covered the notes', () => {
    const profile = learnCounts([
      {
        changes: {
          commits: [...THREE_FIXES, 'fix: lost colour in piped mode (#4)'],
        },
        notes: '- Fixed a crash when parsing an empty config (#1)\n- Everything is shinier now\n',
      },
    ]);
    // Half the notes paired: four fixes seen weigh two, the one listed weighs a half.
    const fix = profile.selector.state.kinds.fix!;
    expect(fix).toEqual({ seen: 4, weighed: 2, listed: 0.5 });
    expect(listingRate(profile.selector.state, 'fix')).toBeCloseTo(
      (0.5 + PRIOR_WEIGHT * DEFAULT_RATES.fix) / (2 + PRIOR_WEIGHT),
      10,
    );
  });

  it('learns from the items the evaluation scores: RST headings, a group label’s children', () => {
    const profile = learnCounts([
      {
        changes: {
          commits: THREE_FIXES,
        },
        notes: [
          'Fixes',
          '~~~~~',
          '',
          '-   Fixed a crash when parsing an empty config (#1)',
          '',
          'Other',
          '~~~~~',
          '',
          '-   Bug fixes',
          '    -   Wrong exit code on timeout (#2)',
          '    -   Stray newline in the JSON output (#3)',
          '',
        ].join('\n'),
      },
    ]);
    expect(profile.flatReleases).toBe(0);
    expect(profile.style).toMatchObject({ items: 3, matched: 3 });
    expect(profile.headings.map((h) => [h.heading, h.count])).toEqual([
      ['Fixes', 1],
      ['Bug fixes', 2],
    ]);
  });

  it('releases without commits teach nothing', () => {
    expect(learnCounts([{ changes: { commits: [] }, notes: '- Added a thing\n' }]).releasesLearned).toBe(0);
  });
});

describe('paths learned, not guessed', () => {
  it.each([
    ['templates/bash.txt', 'product'],
    ['prompts/system.md', 'product'],
    ['CMakeLists.txt', 'product'],
    ['docs/guide.txt', 'docs'],
    ['doc/usage.md', 'docs'],
    ['UPGRADING.md', 'docs'],
    ['packages/core/README.md', 'docs'],
    ['CONTRIBUTING', 'docs'],
  ])(
    '%s is %s: an extension alone never makes documentation outside docs folders and root prose',
    (path, kind) => {
      expect(pathKind(path)).toBe(kind);
    },
  );

  it.each([
    ['integration_test/docker.sh', 'tests'],
    ['pkg/integration-tests/run.go', 'tests'],
    ['test_utils/helpers.py', 'tests'],
    ['guides/components.md', 'docs'],
    ['tutorials/intro.ipynb', 'docs'],
    // A word that only contains "test" is no test folder.
    ['src/contest/score.rs', 'product'],
    ['src/latest/index.ts', 'product'],
  ])('%s is %s: test folders named with a word beside test, guides and tutorials', (path, kind) => {
    expect(pathKind(path)).toBe(kind);
  });

  it('product paths win over the built-in rules, internal paths over both', () => {
    expect(pathKind('.github/workflows/release.yml', [], ['.github/workflows/**'])).toBe('product');
    expect(pathKind('packaging/deb/control', ['packaging/**'], ['packaging/**'])).toBe('internal');
  });

  it('folders whose changes the notes listed become the project’s product paths, and drafts list them', () => {
    const release = (n: number): ProfileExample => ({
      changes: {
        commits: [
          `Add completion for shell ${n}`,
          `Tweak release script step ${n}`,
          `Polish lint config ${n}`,
        ],
        commitDetails: [
          { index: 0, files: [`scripts/completions/shell${n}.sh`], additions: 80, deletions: 0 },
          { index: 1, files: ['scripts/release.sh'], additions: 3, deletions: 1 },
          { index: 2, files: ['scripts/lint.sh'], additions: 2, deletions: 2 },
        ],
      },
      notes: `- Added completion for shell ${n}\n`,
    });
    const profile = learnProfile([1, 2, 3].map(release));
    expect(profile.productPaths).toEqual(['scripts/completions/**']);
    expect(profile.validation!.applied).toContain('productPaths');
    const next = release(4).changes;
    const input = { commits: [...next.commits], commitDetails: [...next.commitDetails!] };
    expect(items(draftRelease(input, null))).toEqual([]);
    expect(items(draftRelease(input, profile))).toEqual(['Add completion for shell 4']);
  });
});

describe('the profile proves itself', () => {
  it('applies nothing when nothing can be replayed: one release, figures null', () => {
    const profile = learnProfile([fixesOnly(1)]);
    expect(profile.validation).toEqual({
      releases: 0,
      plain: { precision: null, recall: null },
      learned: { precision: null, recall: null },
      applied: [],
      parts: [],
    });
    const next = fixesOnly(2).changes;
    const input = { commits: [...next.commits], commitDetails: [...next.commitDetails!] };
    expect(draftRelease(input, profile).body).toBe(draftRelease(input, null).body);
  });

  it('keeps the listing it learned where the replay shows it gains: left-out clean-ups fold into Maintenance', () => {
    const profile = learnProfile([1, 2, 3].map(fixesOnly));
    const v = profile.validation!;
    expect(v.releases).toBe(3);
    expect(v.parts.find((p) => p.part === 'listing')).toMatchObject({ kept: true });
    expect(v.applied).toContain('listing');
    // Learned precision beats plain (each clean-up dropped), recall as good.
    expect(v.plain).toEqual({ precision: 0.333, recall: 1 });
    expect(v.learned).toEqual({ precision: 1, recall: 1 });
    const next = fixesOnly(4).changes;
    const input = { commits: [...next.commits], commitDetails: [...next.commitDetails!] };
    expect(items(draftRelease(input, profile))).toEqual(['Fix crash when the cache 4 is empty (#41)']);
    expect(items(draftRelease(input, null))).toHaveLength(3);
  });

  it('keeps a part that leaves changes out only when it gains on enough replayed releases each', () => {
    // A release with the fix alone: the listing has nothing to leave out there.
    const fixAlone = (n: number): ProfileExample => {
      const { changes, notes } = fixesOnly(n);
      return {
        changes: { commits: changes.commits.slice(0, 1), commitDetails: changes.commitDetails!.slice(0, 1) },
        notes,
      };
    };
    // Pooled, the listing gains (two releases' clean-ups left out, nothing lost), but on two releases.
    const two = learnProfile([fixesOnly(1), fixesOnly(2), fixAlone(3)]).validation!;
    expect(two.releases).toBe(3);
    const listing = two.parts.find((p) => p.part === 'listing')!;
    expect(listing.precision!).toBeGreaterThan(two.plain.precision!);
    expect(listing.recall).toBe(two.plain.recall);
    expect(listing).toMatchObject({
      kept: false,
      reason: expect.stringMatching(/\(fewer items, a gain on 2 of 3 releases, fewer than 3\)$/),
    });
    expect(two.applied).not.toContain('listing');
    // One more release that shows it: kept.
    const three = learnProfile([fixesOnly(1), fixesOnly(2), fixAlone(3), fixesOnly(4)]).validation!;
    expect(three.parts.find((p) => p.part === 'listing')).toMatchObject({ kept: true });
  });

  it('drops a part that loses recall on the project’s own releases, and says why', () => {
    const ripgrep = loadReleases().filter((r) => r.repo === 'BurntSushi/ripgrep');
    const profile = learnProfile(
      ripgrep.map((r) => ({ changes: { commits: r.commits.map((c) => c.message) }, notes: r.releaseNotes })),
    );
    const v = profile.validation!;
    expect(v.releases).toBe(10);
    const listing = v.parts.find((p) => p.part === 'listing')!;
    expect(listing.kept).toBe(false);
    expect(listing.reason).toMatch(/^dropped: precision [\d.]+ ≥ [\d.]+, recall [\d.]+ < [\d.]+$/);
    expect(v.applied).not.toContain('listing');
    expect(v.learned.precision!).toBeGreaterThanOrEqual(v.plain.precision!);
    expect(v.learned.recall!).toBeGreaterThanOrEqual(v.plain.recall!);
  });
});

describe('the stored profile', () => {
  it('parses whole after a JSON round trip; an older or damaged one is refused with why', () => {
    const profile = learnProfile([1, 2].map(fixesOnly));
    expect(parseProfile(JSON.parse(JSON.stringify(profile)))).toEqual({ profile, problem: null });
    expect(parseProfile(null)).toEqual({ profile: null, problem: 'none' });
    expect(parseProfile({ version: 1, releasesLearned: 3, kinds: {} })).toEqual({
      profile: null,
      problem: 'outdated',
    });
    expect(parseProfile({ ...profile, selector: { ...profile.selector, version: 1 } }).problem).toBe(
      'outdated',
    );
    expect(parseProfile({ ...profile, headings: 'Added' }).problem).toBe('malformed');
  });
});
