/**
 * Input hygiene before any drafting (issue "Drafts a maintainer publishes as drafted"): from what a
 * release contains to the changes users would want to read about.
 * - A pull request is one change: its items (pull-request-items.ts) stand where its merge commit or
 *   squash commit stands, and those commits are not items of their own.
 * - With no `pullRequests` and no `commitDetails`, a log that holds pull-request merge commits (at
 *   least one in ten messages: a merge workflow, as `git log prev..tag` prints it) lists the commits
 *   inside each merge too: only the merges and commits naming a pull request of their own are items,
 *   the rest came in with a merge. `commitDetails` are first-parent diffs (docs/api.md#generate-a-draft-from-commits-and-pull-requests), so commits sent with them are the branch's own: each one counts.
 * - Release commits, version bumps, branch merges and noise are dropped; a commit and its revert in the
 *   same range cancel; a fix to something the same range adds folds into Maintenance (users never saw
 *   the bug); duplicates and near-duplicates merge (all their references kept).
 * - Dependency bumps and internal work are set apart, to be collapsed into one line each.
 */
import type { CommitDetail, PullRequestInput } from '../contract/generate.schema.ts';
import { applyEvidence } from './evidence/apply-evidence.ts';
import { type ClassifiedCommit, classifyCommit } from './changes/classify-commit.ts';
import { extractRefs, extractUrls } from './changes/commit-refs.ts';
import { contentWords, dice, sharedWords } from './changes/content-words.ts';
import { cancelledReverts, type ItemSource } from './changes/fold-reverts.ts';
import { pullRequestItems } from './changes/pull-request-items.ts';
import { revertTargetOf } from './changes/revert-target.ts';

export type NewContributor = { login: string; pullRequest: number };

export type CleanCommits = {
  /** Commit messages received (pull requests are counted through the commit that stands for each). */
  received: number;
  /** User-facing changes, in input order (newest first, as `git log` lists them). */
  changes: ClassifiedCommit[];
  dependencies: ClassifiedCommit[];
  maintenance: ClassifiedCommit[];
  /** Commits that contributed to the draft, themselves or through their pull request (changes, dependency and maintenance lines). */
  used: number;
  /** Commits dropped: merges without a title, commits inside merges, release commits, noise, reverted pairs, duplicates. */
  ignored: number;
  /** Every reference and URL of the input: all that a draft may cite. */
  allowedRefs: Set<string>;
  /** First-time contributors (bots excluded), each with their first pull request of the range. */
  newContributors: NewContributor[];
};

export type ChangeInput = {
  /** Commit messages, newest first (first-parent ones when `pullRequests` is given). */
  commits: readonly string[];
  pullRequests?: readonly PullRequestInput[] | undefined;
  /** What each commit changed, by its index in `commits` (the Action's first-parent diffs). */
  commitDetails?: readonly CommitDetail[] | undefined;
  /** The repository's globs whose changes alone are Maintenance (`.github/shiplog.yml` `internal-paths`). */
  internalPaths?: readonly string[] | undefined;
  /** Globs that are the product's whatever the built-in rules say (`product-paths`, the profile's). */
  productPaths?: readonly string[] | undefined;
};

const MERGE_PR = /^Merge pull request #(\d+) from \S+\s*(?:\n+([^]*))?$/;
const SQUASH_PR = /\(#(\d+)\)\s*$/;
const OWN_PR = /\(#\d+\)|^Merge pull request #\d+/;
export const BOT_LOGIN =
  /\[bot\]$|^(?:dependabot|renovate|github-actions|greenkeeper|snyk-bot|pre-commit-ci|allcontributors|imgbot|codecov|mergify)(?:-\w+)?$/i;

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

/** A merge commit becomes its pull request's title (and cites it); anything else is classified as is. */
function classify(message: string): ClassifiedCommit {
  const merge = MERGE_PR.exec(message.replace(/\r\n/g, '\n').trim());
  if (merge && merge[2]?.trim()) {
    const classified = classifyCommit(merge[2]);
    const number = Number(merge[1]);
    return { ...classified, pullRequest: number, refs: [...new Set([`#${number}`, ...classified.refs])] };
  }
  return classifyCommit(message);
}

/** The pull request a commit stands for, when it is that pull request's merge or squash commit. */
function pullRequestOf(message: string): number | null {
  const merge = /^Merge pull request #(\d+) from /.exec(message);
  if (merge) return Number(merge[1]);
  const subject = message.split('\n', 1)[0]!;
  const squash = SQUASH_PR.exec(subject);
  return squash ? Number(squash[1]) : null;
}

/** Whether `messages` is a merge workflow's full log (see the module comment). */
function isMergeLog(messages: readonly string[]): boolean {
  const merges = messages.filter((m) => /^Merge pull request #\d+ from /.test(m)).length;
  return merges >= 1 && merges * 10 >= messages.length;
}

/**
 * Commits and pull requests in one newest-first list: a pull request's items take the place of its
 * merge or squash commit; pull requests no commit stands for follow, in the order given. `fromCommit`:
 * the items that stand for a commit of the input (one per commit), for the `commits` counts;
 * `sources`: each item's commit SHA (from `commitDetails`) and what it reverts.
 */
function itemsInOrder(input: ChangeInput): {
  items: ClassifiedCommit[];
  fromCommit: Set<ClassifiedCommit>;
  sources: Map<ClassifiedCommit, ItemSource>;
} {
  const prs = new Map((input.pullRequests ?? []).map((pr) => [pr.number, pr]));
  const details = new Map((input.commitDetails ?? []).map((d) => [d.index, d]));
  const internalPaths = input.internalPaths ?? [];
  const productPaths = input.productPaths ?? [];
  // A pull request's files, else those of the commit that stands for it (its merge's first-parent diff).
  const prItemsOf = (pr: PullRequestInput, commit?: CommitDetail) =>
    pullRequestItems(pr).map((item) =>
      applyEvidence(item, pr.files ? pr : (commit ?? {}), internalPaths, productPaths),
    );
  const placed = new Set<number>();
  const mergeLog =
    input.pullRequests === undefined && input.commitDetails === undefined && isMergeLog(input.commits);
  const items: ClassifiedCommit[] = [];
  const fromCommit = new Set<ClassifiedCommit>();
  const sources = new Map<ClassifiedCommit, ItemSource>();
  const revertOfPr = (pr: PullRequestInput) => revertTargetOf(`${pr.title}\n\n${pr.body ?? ''}`);
  input.commits.forEach((message, index) => {
    const number = pullRequestOf(message.replace(/\r\n/g, '\n').trim());
    const pr = number !== null ? prs.get(number) : undefined;
    const sha = details.get(index)?.sha?.toLowerCase() ?? null;
    if (pr) {
      if (!placed.has(pr.number)) {
        const prItems = prItemsOf(pr, details.get(index));
        fromCommit.add(prItems[0]!);
        items.push(...prItems);
        for (const item of prItems) sources.set(item, { sha, reverts: revertOfPr(pr) });
      }
      placed.add(pr.number);
      return;
    }
    // Came in with a merge: the merge's item covers it.
    if (mergeLog && !OWN_PR.test(message)) return;
    const item = applyEvidence(classify(message), details.get(index) ?? {}, internalPaths, productPaths);
    fromCommit.add(item);
    items.push(item);
    // A merge commit reverts what its pull request's title says it reverts.
    const merged = MERGE_PR.exec(message.replace(/\r\n/g, '\n').trim())?.[2];
    sources.set(item, { sha, reverts: revertTargetOf(merged?.trim() ? merged : message) });
  });
  for (const pr of prs.values()) {
    if (placed.has(pr.number)) continue;
    const prItems = prItemsOf(pr);
    items.push(...prItems);
    for (const item of prItems) sources.set(item, { sha: null, reverts: revertOfPr(pr) });
  }
  return { items, fromCommit, sources };
}

/**
 * A fix to a feature the same range adds (newer than it, sharing a code token or most of its words)
 * is part of that feature: users never saw the bug. It folds into Maintenance and adds to the
 * feature's weight.
 */
function foldSameRangeFixes(items: ClassifiedCommit[]): void {
  const words = new Map(items.map((c) => [c, contentWords(`${c.scope ?? ''} ${c.text}`)]));
  items.forEach((fix, i) => {
    if (fix.kind !== 'change' || fix.category !== 'fix' || fix.breaking) return;
    const fixWords = words.get(fix)!;
    const feature = items.slice(i + 1).find((f) => {
      if (f.kind !== 'change' || f.category !== 'feature') return false;
      const featureWords = words.get(f)!;
      const shared = sharedWords(fixWords, featureWords);
      const codeShared = shared.some((w) => /[-_.]/.test(w) && w.length >= 4);
      return codeShared || (shared.length >= 2 && dice(fixWords, featureWords) >= 0.5);
    });
    if (!feature) return;
    feature.weight += fix.weight;
    fix.kind = 'maintenance';
  });
}

/** First-time contributors of the range, bots excluded, each once with their first pull request. */
function newContributorsOf(pullRequests: readonly PullRequestInput[]): NewContributor[] {
  const first = new Map<string, number>();
  for (const pr of pullRequests) {
    if (!pr.firstContribution || !pr.author || BOT_LOGIN.test(pr.author)) continue;
    const known = first.get(pr.author);
    if (known === undefined || pr.number < known) first.set(pr.author, pr.number);
  }
  return [...first.entries()]
    .map(([login, pullRequest]) => ({ login, pullRequest }))
    .sort((a, b) => a.pullRequest - b.pullRequest);
}

/** Commits (and pull requests) → what the drafters work from. */
export function cleanChanges(input: ChangeInput): CleanCommits {
  const pullRequests = input.pullRequests ?? [];
  const allowedRefs = new Set<string>();
  const texts = [
    ...input.commits,
    ...pullRequests.flatMap((pr) => [
      `#${pr.number}`,
      pr.title,
      pr.body ?? '',
      ...(pr.closes ?? []).map((n) => `#${n}`),
    ]),
  ];
  for (const text of texts) {
    for (const ref of extractRefs(text)) allowedRefs.add(ref);
    for (const url of extractUrls(text)) allowedRefs.add(url);
  }
  const { items: classified, fromCommit, sources } = itemsInOrder(input);
  // A revert and what it undoes, both in the range, cancel (changes/fold-reverts.ts).
  const reverted = cancelledReverts(classified, sources);

  const kept: ClassifiedCommit[] = [];
  const exact = new Map<string, ClassifiedCommit>();
  const byFirstWord = new Map<string, { norm: string; commit: ClassifiedCommit }[]>();
  const merge = (into: ClassifiedCommit, c: ClassifiedCommit) => {
    into.refs = [...new Set([...into.refs, ...c.refs])];
    into.breaking ||= c.breaking;
    into.breakingNotes = [...new Set([...into.breakingNotes, ...c.breakingNotes])];
    into.weight += c.weight;
  };
  for (const c of classified) {
    if (c.kind === 'noise' || c.kind === 'release' || reverted.has(c)) continue;
    const norm = normalizeSubject(c.text);
    const key = `${c.kind}:${c.scope?.toLowerCase() ?? ''}:${norm}`;
    const bucketKey = `${c.kind}:${norm.split(' ')[0] ?? ''}`;
    // Two bumps of one package are a small edit apart ("… to 1.0.1", "… to 1.0.3"): both stay, so the
    // dependency line can name the newest.
    const same =
      exact.get(key) ??
      (c.kind === 'dependency' ? undefined : nearDuplicate(byFirstWord.get(bucketKey), norm));
    if (same) {
      merge(same, c);
      continue;
    }
    const copy = { ...c, refs: [...c.refs] };
    if (fromCommit.has(c)) fromCommit.add(copy);
    exact.set(key, copy);
    const bucket = byFirstWord.get(bucketKey) ?? [];
    bucket.push({ norm, commit: copy });
    byFirstWord.set(bucketKey, bucket);
    kept.push(copy);
  }
  foldSameRangeFixes(kept);
  const changes = groupSmallAdditions(mergeNearDuplicates(kept.filter((c) => c.kind === 'change')));
  const listed = new Set([...changes, ...kept.filter((c) => c.kind !== 'change')]);
  const received = input.commits.length;
  const used = [...listed].filter((c) => fromCommit.has(c)).length;
  return {
    received,
    changes,
    dependencies: kept.filter((c) => c.kind === 'dependency'),
    maintenance: kept.filter((c) => c.kind === 'maintenance'),
    used,
    ignored: Math.max(0, received - used),
    allowedRefs,
    newContributors: newContributorsOf(pullRequests),
  };
}

/** Whether a change stands for a pull request of its own (its merge, its squash commit, its item). */
function ownPullRequest(c: ClassifiedCommit): boolean {
  return c.pullRequest !== null || SQUASH_PR.test(c.subject);
}

/** The issues a change cites besides its own pull request (`#12`; URLs and other repositories left out). */
function citedIssues(c: ClassifiedCommit): Set<string> {
  return new Set(c.refs.filter((r) => /^#\d+$/.test(r) && r !== `#${c.pullRequest}`));
}

/**
 * Changes that say the same thing in other words (a commit and the pull request that carried it, two
 * pull requests for one fix): the same category and most content words shared (Dice ≥ 0.75, three
 * words at least), or the same issue cited by both with a content word in common (two attempts at
 * one issue: "Disable mmap on non-64 bit (#1911)", then "Re-enable mmap on 32-bit (#1911, #2000)"),
 * or a commit without a pull request of its own whose words (three at least, 80%) are those of a
 * pull request's, or the other way round: a commit that came in with that pull request, as a
 * `git log` with merges lists it ("Support show_default string in prompts" inside "Show default
 * string in prompt (#3328)"). The first (newest) keeps the text, all references are kept.
 */
function mergeNearDuplicates(changes: ClassifiedCommit[]): ClassifiedCommit[] {
  const out: { c: ClassifiedCommit; words: Set<string>; issues: Set<string> }[] = [];
  for (const c of changes) {
    const words = contentWords(`${c.scope ?? ''} ${c.text}`);
    const issues = citedIssues(c);
    const sameIssue = (o: (typeof out)[number]) =>
      [...issues].some((r) => o.issues.has(r)) && sharedWords(o.words, words).length > 0;
    const inside = (o: (typeof out)[number]) => {
      if (ownPullRequest(o.c) === ownPullRequest(c)) return false;
      const [small, large] = o.words.size <= words.size ? [o.words, words] : [words, o.words];
      const shared = sharedWords(small, large).length;
      return shared >= 3 && shared / small.size >= 0.8;
    };
    const twin =
      out.find((o) => sameIssue(o)) ??
      (words.size >= 3
        ? out.find((o) => o.c.category === c.category && o.words.size >= 3 && dice(o.words, words) >= 0.75)
        : undefined) ??
      out.find(inside);
    if (twin) {
      // The pull request's title says what the change is, whichever of the two came first.
      if (ownPullRequest(c) && !ownPullRequest(twin.c)) {
        const { refs: _refs, weight: _weight, breaking: _breaking, breakingNotes: _notes, ...named } = c;
        Object.assign(twin.c, named);
        twin.words = words;
      }
      twin.c.refs = [...new Set([...twin.c.refs, ...c.refs])];
      twin.c.breaking ||= c.breaking;
      twin.c.breakingNotes = [...new Set([...twin.c.breakingNotes, ...c.breakingNotes])];
      twin.c.weight += c.weight;
      continue;
    }
    out.push({ c, words, issues });
  }
  return out.map((o) => o.c);
}

/** At least this many changes make a run, each of at most `GROUP_WORDS` words. */
const GROUP_MIN = 4;
const GROUP_WORDS = 8;
/**
 * Many small additions to one area are one change to read: at least four changes with the same
 * scope and the same first verb, none breaking and each a few words (`ignore/types: Add Lean`,
 * `ignore/types: Add meson.options`, …), become one item, `Add Lean; meson.options; …`, citing every
 * reference. Maintainers sum such runs up in one line ("file type filtering for Lean and Meson").
 * Its weight is 0: many small additions never make the release's headline.
 */
function groupSmallAdditions(changes: ClassifiedCommit[]): ClassifiedCommit[] {
  const groups = new Map<string, ClassifiedCommit[]>();
  const keyOf = (c: ClassifiedCommit) => {
    const words = c.text.split(/\s+/);
    if (!c.scope || c.breaking || words.length > GROUP_WORDS) return null;
    return `${c.category}:${c.scope.toLowerCase()}:${words[0]!.toLowerCase().replace(/(?:ed|s)$/, '')}`;
  };
  for (const c of changes) {
    const key = keyOf(c);
    if (key) groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const absorbed = new Set<ClassifiedCommit>();
  for (const members of groups.values()) {
    if (members.length < GROUP_MIN) continue;
    const [head, ...rest] = members as [ClassifiedCommit, ...ClassifiedCommit[]];
    const verb = head.text.split(/\s+/, 1)[0]!;
    const objects = members.map((c) => c.text.slice(c.text.split(/\s+/, 1)[0]!.length).trim());
    head.text = `${verb} ${objects.join('; ')}`;
    head.refs = [...new Set(members.flatMap((c) => c.refs))];
    // Many small changes, none of them the headline: weight 0 ranks the run after every change of its
    // category (byImportance).
    head.weight = 0;
    for (const c of rest) absorbed.add(c);
  }
  return changes.filter((c) => !absorbed.has(c));
}

/** Commit messages only (a CI script's `git log`, or a caller without pull-request data). */
export function cleanCommits(messages: readonly string[]): CleanCommits {
  return cleanChanges({ commits: messages });
}
