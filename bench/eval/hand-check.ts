/**
 * `npm run eval:drafts -- --hand-check [seed]`: the pairs for a hand check of the matcher
 * (bench/eval/MATCHER.md, "Hand check (40 pairs)").
 */
import {
  isMatch,
  keyOf,
  type Similarity,
  similarity,
  strength,
} from '../../core/drafting/validate/match-items.ts';
import { plainText } from '../../core/drafting/notes/item-words.ts';
import { readNotes } from '../../core/drafting/notes/read-notes.ts';
import type { Draft } from '../../core/drafting/validate/score-drafts.ts';

export type CheckPair = {
  repo: string;
  tag: string;
  /** Whose item: the drafter's or the baseline's. */
  who: 'draft' | 'base';
  item: string;
  /** Position of the notes item in its release's notes (`readNotes`), from 0. */
  notesIndex: number;
  notes: string;
  similarity: Similarity;
};

/** What the sample needs of a scored release: its notes, the draft and the baseline. */
export type CheckedRelease = {
  release: { repo: string; tag: string; releaseNotes: string };
  draft: Draft;
  baseline: Draft;
};

/** Every drafted and baseline item of `r` with its most similar notes item (none shares a word: left out). */
function closestPairs(r: CheckedRelease): CheckPair[] {
  const notes = readNotes(r.release.releaseNotes);
  const notesKeys = notes.map((x) => keyOf(x.markdown));
  const pairs: CheckPair[] = [];
  for (const [who, draft] of [
    ['draft', r.draft],
    ['base', r.baseline],
  ] as const) {
    for (const item of draft.items) {
      const key = keyOf(item);
      let best: { i: number; sim: Similarity } | null = null;
      notesKeys.forEach((nk, i) => {
        const sim = similarity(key, nk);
        if (!best || strength(sim) > strength(best.sim)) best = { i, sim };
      });
      const found = best as { i: number; sim: Similarity } | null;
      if (!found || found.sim.shared === 0) continue;
      pairs.push({
        repo: r.release.repo,
        tag: r.release.tag,
        who,
        item,
        notesIndex: found.i,
        notes: notes[found.i]!.markdown,
        similarity: found.sim,
      });
    }
  }
  return pairs;
}

/** The first `n` pairs, at most 2 per repository, pairs with the same texts counted once. */
function spread(pairs: readonly CheckPair[], n: number): CheckPair[] {
  const out: CheckPair[] = [];
  const perRepo = new Map<string, number>();
  const seen = new Set<string>();
  for (const p of pairs) {
    const text = `${plainText(p.item).toLowerCase()}|${plainText(p.notes).toLowerCase()}`;
    if ((perRepo.get(p.repo) ?? 0) >= 2 || seen.has(text)) continue;
    seen.add(text);
    perRepo.set(p.repo, (perRepo.get(p.repo) ?? 0) + 1);
    out.push(p);
    if (out.length === n) break;
  }
  return out;
}

/**
 * Pairs for a hand check of the matcher: every drafted and baseline item with its most similar notes
 * item (a shared reference first, then Dice). `matches`: `n` pairs the matcher calls a match, drawn
 * at random (seeded) at most 2 per repository; `nearMisses`: the `n` most similar pairs it calls no
 * match (no shared reference), at most 2 per repository. Pairs with the same texts count once.
 */
export function handCheckSample(
  results: readonly CheckedRelease[],
  n = 20,
  seed = 23,
): { matches: CheckPair[]; nearMisses: CheckPair[] } {
  const pairs = results.flatMap(closestPairs);
  const matches = pairs.filter((p) => isMatch(p.similarity));
  const misses = pairs.filter((p) => !isMatch(p.similarity));
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const shuffled = matches
    .map((p) => [random(), p] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, p]) => p);
  const closest = misses
    .filter((p) => !p.similarity.sharedRef)
    .sort((a, b) => b.similarity.dice - a.similarity.dice);
  return { matches: spread(shuffled, n), nearMisses: spread(closest, n) };
}

/** The sample as text, for reading by hand. */
export function printHandCheck(sample: { matches: CheckPair[]; nearMisses: CheckPair[] }): void {
  const show = (title: string, pairs: CheckPair[]) => {
    console.log(`## ${title}`);
    pairs.forEach((p, i) => {
      const s = p.similarity;
      const ref = s.sharedRef ? 'shared ref, ' : '';
      console.log(
        `${i + 1}. ${p.repo} ${p.tag} (${p.who}) ${ref}Dice ${s.dice.toFixed(2)}, ${s.shared} shared, ` +
          `contained ${s.contained.toFixed(2)}\n   item:  ${p.item}\n   notes item ${p.notesIndex}: ${p.notes}`,
      );
    });
  };
  show('Matches', sample.matches);
  show('Near misses', sample.nearMisses);
}
