/**
 * Input hygiene before any drafting (issue "Generate", scope 1): classify every message, turn a
 * GitHub merge commit into its pull request's title, drop release commits and noise, cancel a commit
 * and its revert when both are in the range, merge duplicate subjects (keeping all their references),
 * and set dependency bumps and maintenance apart so they can be collapsed into one line each.
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

  // A revert of a commit in the same range cancels both.
  const reverted = new Set<string>();
  for (const c of classified) {
    const m = /^Revert "(.+)"$/.exec(c.subject);
    if (m && classified.some((o) => o.subject === m[1])) {
      reverted.add(c.subject);
      reverted.add(m[1]!);
    }
  }

  const byKey = new Map<string, ClassifiedCommit>();
  const kept: ClassifiedCommit[] = [];
  for (const c of classified) {
    if (c.kind === 'noise' || c.kind === 'release' || reverted.has(c.subject)) continue;
    const key = `${c.kind}:${c.scope ?? ''}:${normalizeSubject(c.text)}`;
    const same = byKey.get(key);
    if (same) {
      same.refs = [...new Set([...same.refs, ...c.refs])];
      same.breaking ||= c.breaking;
      continue;
    }
    const copy = { ...c, refs: [...c.refs] };
    byKey.set(key, copy);
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
