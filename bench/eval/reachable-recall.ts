/**
 * The recall any selection of a release's changes can reach (bench/eval/MATCHER.md, "What recall can
 * reach"): the release drafted with every change it holds listed once (items, dependency updates and
 * internal work alike, each as its subject with its references), scored by the same matcher. A notes
 * item no change matches (worded apart, without a shared reference, or about something no commit of
 * the range says), or one a change already paired with another item could only have matched twice,
 * is out of reach for a drafter that writes each change once; recall above this figure is not
 * reachable by choosing better.
 */
import { cleanChanges } from '../../core/drafting/clean-changes.ts';
import type { DraftInput } from '../../core/drafting/draft-release.ts';
import { readNotes } from '../../core/drafting/notes/read-notes.ts';
import {
  addCounts,
  type Counts,
  type Draft,
  figures,
  scoreDraft,
  ZERO,
} from '../../core/drafting/validate/score-drafts.ts';

/** `input` with every change listed once, untitled: the ceiling of what a selection can match. */
export function everyChangeDraft(input: DraftInput): Draft {
  const clean = cleanChanges(input);
  const all = [...clean.changes, ...clean.dependencies, ...clean.maintenance];
  const items = all.map((c) =>
    [c.subject, ...c.refs, ...(c.pullRequest ? [`#${c.pullRequest}`] : [])].join(' '),
  );
  return { title: '', items, breaking: items.map(() => false) };
}

/** The recall (0-1; null without notes items) of every-change drafts of `releases`, micro-averaged. */
export function reachableRecall<R extends { releaseNotes: string }>(
  releases: readonly R[],
  inputOf: (release: R) => DraftInput,
): number | null {
  const counts = releases
    .map((r) => scoreDraft(everyChangeDraft(inputOf(r)), readNotes(r.releaseNotes), '').counts)
    .reduce<Counts>(addCounts, ZERO);
  return figures(counts).recall;
}
