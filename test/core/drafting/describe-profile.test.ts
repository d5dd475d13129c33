/**
 * The profile in words (core/drafting/profile/profile-traits.ts `describeProfile`), which the dashboard,
 * the API and the AI drafter's prompt show: it says only what drafts apply, and names the parts the
 * replay did not apply as such (docs/drafting.md#the-profile-proves-itself).
 */
import { describe, expect, it } from 'vitest';
import {
  describeProfile,
  type DraftingProfileModel,
  learnProfile,
  PROFILE_PARTS,
  type ProfilePart,
  traitsOf,
} from '../../../core/drafting/index.ts';
import { loadReleases } from '../../fixtures/releases/load-releases.ts';

/** ripgrep's own releases teach a listing, headings and a style; its replay applies the headings and the headline. */
const ripgrep = learnProfile(
  loadReleases()
    .filter((r) => r.repo === 'BurntSushi/ripgrep')
    .map((r) => ({ changes: { commits: r.commits.map((c) => c.message) }, notes: r.releaseNotes })),
);
const applying = (parts: readonly ProfilePart[]): DraftingProfileModel => ({
  ...ripgrep,
  applied: [...parts],
});

describe('describeProfile', () => {
  it('says what the project lists and leaves out only when drafts apply the listing', () => {
    expect(ripgrep.applied).toEqual(['sections', 'headline']);
    const shown = describeProfile(ripgrep);
    expect(shown).not.toMatch(/leaves out|[:;] lists /);
    expect(shown).toMatch(/; not applied, as its releases showed: what it lists, its product paths, /);
    expect(describeProfile(applying(PROFILE_PARTS))).toMatch(
      /: lists fixes; leaves out features, improvements/,
    );
  });

  it('names a heading several kinds share once, as drafts write it', () => {
    // ripgrep files its features and its improvements under "Feature enhancements".
    const shared = traitsOf(ripgrep).sections.filter((s) => s.heading === 'Feature enhancements');
    expect(shared.map((s) => s.category).sort()).toEqual(['feature', 'improvement']);
    expect(describeProfile(ripgrep)).toContain('; headings Feature enhancements / Bug fixes; ');
  });

  it('describes headings, detail and item style only where they are applied', () => {
    expect(describeProfile(ripgrep)).toContain('headings Feature enhancements');
    expect(describeProfile(ripgrep)).not.toMatch(/items cite/);
    const all = describeProfile(applying(PROFILE_PARTS));
    expect(all).toContain('items cite their pull requests');
    expect(all).not.toContain('not applied');
    // ripgrep heads its features first, so that is what its titles name where the part is applied.
    expect(all).toContain('titles name its features first');
    expect(describeProfile(applying(['sections']))).not.toContain('titles name its');
    // A project naming 2 of about 10 changes writes highlights; its notes listed the templates folder.
    const highlights = {
      ...ripgrep,
      itemCounts: [2, 2, 2],
      changeCounts: [10, 10, 10],
      productPaths: ['templates/**'],
    };
    expect(describeProfile(highlights)).not.toMatch(/names only the highlights|product paths templates/);
    expect(describeProfile({ ...highlights, applied: ['detail', 'productPaths'] })).toMatch(
      /; names only the highlights; product paths templates\/\*\*; /,
    );
    const none = describeProfile(applying([]));
    expect(none).not.toMatch(/; headings |items cite/);
    expect(none).toMatch(
      /^Learned from 10 releases: about 4 items a release; not applied, as its releases showed: what it lists, its product paths, its breaking wording, its detail, its headings, what its titles name and its item style\.$/,
    );
  });
});
