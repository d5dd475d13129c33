/**
 * The headline a project's notes lead with (docs/drafting.md, "The profile proves itself": the
 * `headline` part): a project whose notes put their fixes above their features gets titles that name
 * a fix, once the replay shows the learned order names a leading notes item at least as often as the
 * built-in one; breaking changes and security fixes lead whatever it learned.
 */
import { describe, expect, it } from 'vitest';
import {
  draftRelease,
  type DraftingProfileModel,
  learnProfile,
  type ProfileExample,
} from '../../../core/drafting/index.ts';
import { readLessons } from '../../../core/drafting/profile/learn-profile.ts';
import { replayReleases } from '../../../core/drafting/validate/replay-releases.ts';
import { learnedProfile } from '../../fixtures/drafting/learned-profile.ts';

/** A profile whose notes head their fixes first, learned from 6 releases, applying `applied`. */
const fixesFirst = (applied: DraftingProfileModel['applied']) =>
  learnedProfile(
    [
      { heading: 'Fixed', category: 'fix', count: 6, place: 0 },
      { heading: 'Added', category: 'feature', count: 6, place: 1 },
    ],
    applied,
  );

const COMMITS = [
  'feat: add a --porcelain flag to the status command (#21)',
  'fix: crash when the lock file is empty (#22)',
];

describe('a learned headline', () => {
  it('names the kind of change the notes lead with, only where the part is applied', () => {
    expect(draftRelease({ commits: COMMITS }, fixesFirst(['headline'])).title).toBe(
      'Fix crash when the lock file is empty',
    );
    expect(draftRelease({ commits: COMMITS }, fixesFirst(['sections'])).title).toBe(
      'Add a --porcelain flag to the status command',
    );
    expect(draftRelease({ commits: COMMITS }, null).title).toBe(
      'Add a --porcelain flag to the status command',
    );
  });

  it('still leads with a breaking change or a security fix', () => {
    const breaking = ['feat!: drop the v1 config format (#30)', ...COMMITS];
    expect(draftRelease({ commits: breaking }, fixesFirst(['headline'])).title).toMatch(/v1 config format/);
    const security = ['feat: add a --porcelain flag (#31)', 'Fix path traversal in archive extraction (#32)'];
    const withFix = ['fix: crash when the lock file is empty (#33)', ...security];
    expect(draftRelease({ commits: withFix }, fixesFirst(['headline'])).title).toMatch(/path traversal/);
  });
});

/** A release whose notes put a fix first, then a feature: the title should name the fix. */
function fixLed(n: number): ProfileExample {
  return {
    changes: {
      commits: [`feat: add the export format ${n} (#${n}1)`, `fix: crash in parser stage ${n} (#${n}2)`],
    },
    notes: `### Fixed\n\n- Fix crash in parser stage ${n} (#${n}2)\n\n### Added\n\n- Add the export format ${n} (#${n}1)\n`,
  };
}

describe('the replay of the headline part', () => {
  it('applies the learned order when it names a leading notes item at least as often', () => {
    const profile = learnProfile([1, 2, 3, 4].map(fixLed));
    expect(profile.applied).toContain('headline');
    const verdict = profile.validation!.parts.find((p) => p.part === 'headline')!;
    expect(verdict.reason).toMatch(/^kept: the title named a leading item in \d+ of 4 releases/);
    expect(draftRelease({ commits: [...fixLed(5).changes.commits] }, profile).title).toBe(
      'Fix crash in parser stage 5',
    );
  });

  it('is dropped when the learned order names a leading item less often than the built-in one', () => {
    const lessons = readLessons([1, 2, 3, 4].map(fixLed));
    // A drafter whose learned titles miss: the replay must see it and keep the built-in order.
    const validation = replayReleases(lessons, (input, profile) => {
      const draft = draftRelease(input, profile);
      return profile?.applied?.includes('headline') ? { ...draft, title: 'Unrelated words entirely' } : draft;
    });
    expect(validation.applied).not.toContain('headline');
    expect(validation.parts.find((p) => p.part === 'headline')!.reason).toMatch(
      /^dropped: the title named a leading item in 0 of 4 releases, 4 without/,
    );
  });
});
