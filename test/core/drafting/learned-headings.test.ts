/**
 * The project's headings in a draft (core/drafting/render/render-body.ts, through `draftRelease`): a
 * project that files several kinds of change under one heading, or whose learned heading reads like a
 * built-in one, gets each heading once, the items of the kinds sharing it under it once
 * (docs/drafting.md, "The drafting profile": how it writes).
 */
import { describe, expect, it } from 'vitest';
import { draftRelease } from '../../../core/drafting/index.ts';
import { type LearnedHeading, learnedProfile } from '../../fixtures/drafting/learned-profile.ts';

/** A profile that applies its headings alone, learned from 6 releases. */
const profileWith = (headings: LearnedHeading[]) => learnedProfile(headings, ['sections']);
const heading = (heading: string, category: LearnedHeading['category'], place: number): LearnedHeading => ({
  heading,
  category,
  count: 3,
  place,
});

const COMMITS = [
  'feat: add a --hyperlink-format flag (#12)',
  'perf: walk directories in parallel (#13)',
  'fix: crash on an empty pattern (#14)',
];

/** The body's `###` headings, and each with its items, in order. */
function bodySections(body: string): [string, string[]][] {
  return body
    .split(/^### /m)
    .slice(1)
    .map((part) => {
      const [title, ...lines] = part.split('\n');
      return [title!, lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2))];
    });
}

describe('learned headings in a draft', () => {
  it('writes a heading two categories share once, features before improvements under it', () => {
    // The improvements' heading stands first in the notes, so the shared heading leads.
    const profile = profileWith([
      heading('Feature enhancements', 'improvement', 0.1),
      heading('Feature enhancements', 'feature', 0.3),
      heading('Bug fixes', 'fix', 0.6),
    ]);
    expect(bodySections(draftRelease({ commits: COMMITS }, profile).body)).toEqual([
      ['Feature enhancements', ['Add a --hyperlink-format flag (#12)', 'Walk directories in parallel (#13)']],
      ['Bug fixes', ['Fix crash on an empty pattern (#14)']],
    ]);
  });

  it('writes a learned heading that reads like a built-in one once', () => {
    // The features go under "Improvements"; the improvements, never headed, under the built-in name.
    const profile = profileWith([heading('Improvements', 'feature', 0.2), heading('Fixes', 'fix', 0.5)]);
    expect(bodySections(draftRelease({ commits: COMMITS }, profile).body).map(([h]) => h)).toEqual([
      'Improvements',
      'Fixes',
    ]);
    expect(bodySections(draftRelease({ commits: COMMITS }, profile).body)[0]![1]).toEqual([
      'Add a --hyperlink-format flag (#12)',
      'Walk directories in parallel (#13)',
    ]);
  });

  it('writes the breaking heading once when a category shares it, breaking items first', () => {
    const profile = profileWith([
      heading('Feature enhancements', 'feature', 0.2),
      heading('Feature enhancements', 'improvement', 0.3),
      heading('Feature enhancements', 'breaking', 0.1),
      heading('Bug fixes', 'fix', 0.6),
    ]);
    const commits = ['feat!: drop the --old-config flag (#11)', ...COMMITS];
    expect(bodySections(draftRelease({ commits }, profile).body)).toEqual([
      [
        'Feature enhancements',
        [
          'Drop the --old-config flag (#11)',
          'Add a --hyperlink-format flag (#12)',
          'Walk directories in parallel (#13)',
        ],
      ],
      ['Bug fixes', ['Fix crash on an empty pattern (#14)']],
    ]);
  });
});
