/**
 * The profile proves itself (docs/drafting.md, "The profile proves itself"): the project's newest
 * releases that carry their changes and whose notes have items (up to 10) are replayed, each drafted
 * from a profile learned **without** it (leave-one-out), once plain and once with learned parts, and
 * scored against that release's own notes items (notes/read-notes.ts) with the evaluation's matcher
 * (match-items.ts, score-drafts.ts; micro-averaged over the replayed releases).
 *
 * The parts (profile-model.ts) are tried one at a time, in `PROFILE_PARTS` order, each on top of the
 * parts already kept, starting from the plain draft: a part is kept when, with it, neither precision
 * nor recall is lower than without it, so the learned draft never scores below the plain one on the
 * replayed releases; a part that changes the drafted items must also show a gain (`MIN_EVIDENCE`),
 * and one that drafts fewer items must show it release by release (`judge`). With nothing to replay
 * (a single release, notes without items) no part is applied. `headline`, which changes only the
 * title, is judged by the titles (`judgeHeadline`): it must name a leading notes item in at least as
 * many replayed releases as without it.
 *
 * Cost: one sum of lessons per replayed release, and 1 + 7 drafts of it (≈ 80 drafts for 10 releases).
 */
import type { Draft as GeneratedDraft } from '../../contract/generate.schema.ts';
import type { ProfilePart } from '../../contract/history.schema.ts';
import type { DraftInput } from '../draft-release.ts';
import { combineLessons } from '../profile/learn-profile.ts';
import { type DraftingProfileModel, PROFILE_PARTS, type Validation } from '../profile/profile-model.ts';
import type { ProfileExample, ReleaseLesson } from '../profile/read-lesson.ts';
import { type NotesItem, readNotes } from '../notes/read-notes.ts';
import { addCounts, type Counts, figures, scoreDraft, scoredDraftOf, ZERO } from './score-drafts.ts';

/** The most releases replayed: the newest. */
export const MAX_REPLAYED = 10;

/**
 * A part that changes the drafted items is kept only on a gain (precision or recall higher, neither
 * lower) shown over at least this many replayed releases; one that leaves the items' matches as they
 * are (the headings, the verbs' tense) only needs to lose nothing. A part that drafts fewer items than
 * the draft without it must gain on at least this many replayed releases each (`judge`). Measured on
 * the frozen evaluation (test/core/drafting/frozen-evaluation.test.ts): with two releases, or a tie, a
 * part that "lost nothing" lost on the next release.
 */
export const MIN_EVIDENCE = 3;

/**
 * The parts that decide which changes are items or how their text reads (and so what can be
 * matched): kept only on a gain, never for merely changing nothing on the releases replayed (on the
 * frozen evaluation, click's listing tied on two releases and lost an item on the next; fd's style
 * did the same). Only `sections` (headings and their order) keeps what it learned for losing nothing.
 */
const SELECTING = new Set<ProfilePart>(['listing', 'productPaths', 'breaking', 'detail', 'style']);

/** How a release is drafted (draft-release.ts `draftRelease`, passed in by the caller). */
export type ReplayDrafter = (
  input: DraftInput,
  profile: DraftingProfileModel | null,
) => Pick<GeneratedDraft, 'title' | 'sections'>;

/** A learned release as generate's input. */
function inputOf(example: ProfileExample): DraftInput {
  const { commits, commitDetails, pullRequests } = example.changes;
  return {
    commits: [...commits],
    ...(commitDetails ? { commitDetails: [...commitDetails] } : {}),
    ...(pullRequests ? { pullRequests: [...pullRequests] } : {}),
    ...(example.internalPaths?.length ? { internalPaths: [...example.internalPaths] } : {}),
  };
}

type Replayed = { input: DraftInput; without: DraftingProfileModel; notes: NotesItem[] };

const round = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);
const pr = (c: Counts) => {
  const f = figures(c);
  return { precision: round(f.precision), recall: round(f.recall) };
};
const show = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));

/** The releases to replay: the newest with notes items, each with the profile learned without it. */
function replayable(lessons: readonly ReleaseLesson[]): Replayed[] {
  const chosen: Replayed[] = [];
  for (let i = lessons.length - 1; i >= 0 && chosen.length < MAX_REPLAYED; i--) {
    const lesson = lessons[i]!;
    const notes = readNotes(lesson.example.notes);
    if (notes.length === 0 || lessons.length < 2) continue;
    // One input object per release, so its changes are read once for its 8 drafts (draft-release.ts).
    const input = inputOf(lesson.example);
    chosen.push({ input, notes, without: combineLessons(lessons.filter((_, j) => j !== i)) });
  }
  return chosen;
}

/**
 * Replay `lessons` (oldest first, one per release that carries changes) and decide which learned parts
 * drafts apply. Pure.
 */
export function replayReleases(lessons: readonly ReleaseLesson[], draft: ReplayDrafter): Validation {
  const replayed = replayable(lessons);
  if (replayed.length === 0) {
    const none = { precision: null, recall: null };
    return { releases: 0, plain: none, learned: none, applied: [], parts: [] };
  }
  /** The replayed releases drafted with `parts` (null: plain) and scored. */
  const score = (parts: readonly ProfilePart[] | null): Scored => {
    const releases: Counts[] = [];
    const items: string[][] = [];
    for (const r of replayed) {
      const profile = parts === null ? null : { ...r.without, applied: [...parts] };
      const drafted = scoredDraftOf(draft(r.input, profile));
      const scored = scoreDraft(drafted, r.notes, '');
      releases.push(scored.counts);
      items.push(scored.pairs.map((p) => String(p.notesIndex)));
    }
    const counts = releases.reduce(addCounts, ZERO);
    return { counts, releases, items: JSON.stringify(items) };
  };
  const plain = score(null);
  let current: ProfilePart[] = [];
  let best = plain;
  const verdicts: Validation['parts'] = [];
  for (const part of PROFILE_PARTS) {
    const tried = score([...current, part]);
    const verdict =
      part === 'headline' ? judgeHeadline(best, tried) : judge(best, tried, SELECTING.has(part));
    verdicts.push({ part, ...verdict, ...pr(tried.counts) });
    if (verdict.kept) [current, best] = [[...current, part], tried];
  }
  return {
    releases: replayed.length,
    plain: pr(plain.counts),
    learned: pr(best.counts),
    applied: current,
    parts: verdicts,
  };
}

/**
 * The replayed drafts scored: pooled counts, each release's counts (newest first), and which notes
 * item each drafted item matched (none: null), to tell a part that changes what is matched from one
 * that changes only headings or wording.
 */
type Scored = { counts: Counts; releases: Counts[]; items: string };

const lost = (a: number | null, b: number | null) => (b ?? 0) < (a ?? 0) - 1e-9;
const gained = (a: number | null, b: number | null) => (b ?? 0) > (a ?? 0) + 1e-9;

/** Whether `after` scores higher than `before` on precision or recall and lower on neither. */
function gainsOver(before: Counts, after: Counts): boolean {
  const [was, now] = [figures(before), figures(after)];
  const loses = lost(was.precision, now.precision) || lost(was.recall, now.recall);
  return !loses && (gained(was.precision, now.precision) || gained(was.recall, now.recall));
}

/**
 * Whether a part is kept: it loses nothing pooled, and it changes no item or shows a pooled gain over
 * at least `MIN_EVIDENCE` replayed releases. A part that drafts fewer items than without it must also
 * gain on at least `MIN_EVIDENCE` releases each: the replay can show that an item it adds was in the
 * notes, but not that a change it leaves out never is, only that it was not on the releases replayed,
 * and a missing item costs the maintainer more than an extra one. Measured (bench/eval/MATCHER.md,
 * "The replay judges release by release"): with a pooled gain alone, leaving out changes that two
 * replayed releases' notes did not list cost recall on the next release.
 */
function judge(before: Scored, after: Scored, selecting: boolean): { kept: boolean; reason: string } {
  const [was, now] = [figures(before.counts), figures(after.counts)];
  const releases = after.releases.length;
  const loses = lost(was.precision, now.precision) || lost(was.recall, now.recall);
  const inert = after.items === before.items;
  const gains = gainsOver(before.counts, after.counts);
  const fewer = after.counts.drafted < before.counts.drafted;
  const gainedOn = after.releases.filter((c, i) => gainsOver(before.releases[i]!, c)).length;
  const enough = releases >= MIN_EVIDENCE && (!fewer || gainedOn >= MIN_EVIDENCE);
  const kept = !loses && ((inert && !selecting) || (gains && enough));
  const compare = (name: string, a: number | null, b: number | null) =>
    `${name} ${show(b)} ${lost(a, b) ? '<' : '≥'} ${show(a)}`;
  const why = loses
    ? ''
    : inert
      ? selecting
        ? ' (no gain shown)'
        : ' (the same matches)'
      : !gains
        ? ' (other items, no gain)'
        : releases < MIN_EVIDENCE
          ? ` (a gain on fewer than ${MIN_EVIDENCE} releases)`
          : !enough
            ? ` (fewer items, a gain on ${gainedOn} of ${releases} releases, fewer than ${MIN_EVIDENCE})`
            : '';
  return {
    kept,
    reason: `${kept ? 'kept' : 'dropped'}: ${compare('precision', was.precision, now.precision)}, ${compare('recall', was.recall, now.recall)}${why}`,
  };
}

/**
 * Whether the `headline` part (the order the project's notes lead with) is kept: it changes only which
 * change the title names, so it must lose nothing on precision and recall and name a leading notes
 * item (score-drafts.ts, headline) in at least as many replayed releases as without it.
 */
function judgeHeadline(before: Scored, after: Scored): { kept: boolean; reason: string } {
  const [was, now] = [before.counts.headlineHits, after.counts.headlineHits];
  const [p, q] = [figures(before.counts), figures(after.counts)];
  const kept = !lost(p.precision, q.precision) && !lost(p.recall, q.recall) && now >= was;
  return {
    kept,
    reason: `${kept ? 'kept' : 'dropped'}: the title named a leading item in ${now} of ${after.releases.length} releases, ${was} without`,
  };
}
