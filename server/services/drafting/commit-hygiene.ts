/**
 * Input hygiene before any drafting: classify every message, turn a GitHub merge commit into its pull
 * request's title, drop release commits and noise, cancel a commit and its revert when both are in the
 * range, merge duplicate and near-duplicate subjects (a typo or a case apart; all their references
 * kept), and set dependency bumps and internal work apart so they can be collapsed into one line each.
 */
import { type ClassifiedCommit, classifyCommit } from './classify-commit.ts';
import { extractRefs, extractUrls } from './commit-refs.ts';

export type CleanCommits = {
  received: number;
  /** User-facing changes, in input order (newest first, as `git log` lists them). */
  changes: ClassifiedCommit[];
  dependencies: ClassifiedCommit[];
  maintenance: ClassifiedCommit[];
  /** Commits that contributed to the draft (changes, dependency and maintenance lines). */
  used: number;
  /** Dropped: merges without a PR title, release commits, noise, reverted pairs, duplicates. */
  ignored: number;
  /** Every reference and URL of the input: all that a draft may cite. */
  allowedRefs: Set<string>;
};

const MERGE_PR = /^Merge pull request (#\d+) from \S+\s*\n+([^]*)$/;

function normalizeSubject(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Levenshtein distance of `a` and `b` if it is at most `max`, else `max + 1`: a band of width
 * 2·max+1 around the diagonal, so a comparison costs O(length · max).
 */
function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(max + 1);
    current[0] = i;
    let best = current[0];
    for (let j = Math.max(1, i - max); j <= Math.min(b.length, i + max); j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** A kept commit whose normalized text is a small edit away (a typo, a case change) from `norm`. */
function nearDuplicate(
  candidates: { norm: string; commit: ClassifiedCommit }[] | undefined,
  norm: string,
): ClassifiedCommit | undefined {
  if (!candidates || norm.length < 16) return undefined;
  return candidates.find((c) => boundedDistance(c.norm, norm, 2) <= 2)?.commit;
}

function classify(message: string): ClassifiedCommit {
  const merge = MERGE_PR.exec(message.replace(/\r\n/g, '\n').trim());
  if (merge && merge[2]!.trim() !== '') {
    const classified = classifyCommit(merge[2]!);
    return { ...classified, refs: [...new Set([merge[1]!, ...classified.refs])] };
  }
  return classifyCommit(message);
}

export function cleanCommits(messages: readonly string[]): CleanCommits {
  const allowedRefs = new Set<string>();
  for (const message of messages) {
    for (const ref of extractRefs(message)) allowedRefs.add(ref);
    for (const url of extractUrls(message)) allowedRefs.add(url);
  }
  const classified = messages.map(classify);

  // A revert of a commit in the same range cancels both (`Revert "x"` as git writes it, or `revert: x`).
  const bySubject = new Map(classified.map((c) => [c.subject.toLowerCase(), c]));
  const reverted = new Set<ClassifiedCommit>();
  for (const c of classified) {
    const target = (/^Revert "(.+)"$/.exec(c.subject) ??
      /^revert(?:\([^)]*\))?: (.+)$/i.exec(c.subject))?.[1];
    const original = target ? bySubject.get(target.toLowerCase()) : undefined;
    if (original && original !== c) {
      reverted.add(c);
      reverted.add(original);
    }
  }

  const kept: ClassifiedCommit[] = [];
  const exact = new Map<string, ClassifiedCommit>();
  const byFirstWord = new Map<string, { norm: string; commit: ClassifiedCommit }[]>();
  for (const c of classified) {
    if (c.kind === 'noise' || c.kind === 'release' || reverted.has(c)) continue;
    const norm = normalizeSubject(c.text);
    const key = `${c.kind}:${c.scope?.toLowerCase() ?? ''}:${norm}`;
    const bucketKey = `${c.kind}:${norm.split(' ')[0] ?? ''}`;
    const same = exact.get(key) ?? nearDuplicate(byFirstWord.get(bucketKey), norm);
    if (same) {
      same.refs = [...new Set([...same.refs, ...c.refs])];
      same.breaking ||= c.breaking;
      same.breakingNotes = [...new Set([...same.breakingNotes, ...c.breakingNotes])];
      continue;
    }
    const copy = { ...c, refs: [...c.refs] };
    exact.set(key, copy);
    const bucket = byFirstWord.get(bucketKey) ?? [];
    bucket.push({ norm, commit: copy });
    byFirstWord.set(bucketKey, bucket);
    kept.push(copy);
  }
  return {
    received: messages.length,
    changes: kept.filter((c) => c.kind === 'change'),
    dependencies: kept.filter((c) => c.kind === 'dependency'),
    maintenance: kept.filter((c) => c.kind === 'maintenance'),
    used: kept.length,
    ignored: messages.length - kept.length,
    allowedRefs,
  };
}
