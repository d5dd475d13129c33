/**
 * `npm run eval:drafts`: the offline drafter on every fixture release, scored against what a maintainer
 * would publish (issue "Drafts a maintainer would publish"):
 * - items: listed changes (the collapsed dependency and maintenance lines not counted);
 * - noise: listed items that our own classifier, given the item's text as a commit subject, calls
 *   internal work (tests, docs, CI, releases…); target ≤ 2% of items;
 * - title and category (the draft's, and the one the project's own notes suggest);
 * - breaking: `BREAKING CHANGE` footers in the input whose text the draft keeps / all of them;
 * - refs: of the issue/PR numbers the project's notes cite and its commits carry, the share the draft
 *   cites; userRefs: the same over the commits the drafter lists as changes (target ≥ 0.9). Internal
 *   work is folded into a count, so a reference the notes cite for a docs or changelog commit is
 *   not cited, by design;
 * - length: draft body characters / the notes' characters (target ≤ 2 for releases of ≥ 20 commits);
 * - collapsed: the longest collapsed line (target ≤ 300 characters).
 */
import { classifyCommit } from '../server/services/drafting/classify-commit.ts';
import { cleanCommits } from '../server/services/drafting/commit-hygiene.ts';
import { draftOffline } from '../server/services/drafting/offline-drafter.ts';
import { isCollapsedLine } from '../server/services/drafting/render-draft.ts';
import { loadReleases, type Release } from '../test/fixtures/releases/load-releases.ts';

export type DraftScore = {
  release: string;
  commits: number;
  items: number;
  noise: number;
  title: string;
  category: string;
  notesCategory: string;
  breaking: string;
  refs: string;
  /** The same, over the references of commits the drafter lists (user-facing changes). */
  userRefs: string;
  length: number;
  collapsed: number;
};

const numbers = (text: string) =>
  new Set([...text.matchAll(/(?:(?<![\w&])#|\/(?:issues|pull)\/)(\d+)\b/g)].map((m) => m[1]!));

/** The category the maintainers' notes suggest: features if they announce any, else fixes, else improvements. */
function notesCategory(notes: string): string {
  if (/^#+ .*(feat|add|new)|^\s*[-*] *(\*\*)?(feature|new|added)\b|FEATURE/im.test(notes)) return 'feature';
  if (/^#+ .*(fix|bug)|^\s*[-*] *(\*\*)?(fix|bug)|\bBUG\b|^\s*[-*] *Fix/im.test(notes)) return 'fix';
  return 'improvement';
}

/** Every `BREAKING CHANGE:` footer text of the input (first 40 characters, to look for in the draft). */
function breakingFooters(messages: readonly string[]): string[] {
  return messages.flatMap((m) =>
    [...m.matchAll(/^BREAKING[ -]CHANGE: *(.+)$/gm)].map((x) => x[1]!.trim().slice(0, 40)),
  );
}

export function scoreRelease(release: Release): DraftScore {
  const messages = release.commits.map((c) => c.message);
  const version = release.tag.replace(/^v/, '');
  const draft = draftOffline(cleanCommits(messages), version);
  const items = draft.sections.flatMap((s) => s.items).filter((i) => !isCollapsedLine(i));
  const noise = items.filter((item) => {
    const text = item
      .replace(/^\*\*Breaking:\*\* /, '')
      .replace(/^\*\*[^*]+\*\*: /, '')
      .replace(/ \([^)]*\)$/, '')
      .replace(/\\(.)/g, '$1');
    return classifyCommit(text).kind !== 'change';
  }).length;
  const footers = breakingFooters(messages);
  const plainBody = draft.body.replace(/\\(.)/g, '$1');
  const kept = footers.filter((f) => plainBody.includes(f)).length;
  const inNotes = numbers(release.releaseNotes);
  const inCommits = numbers(messages.join('\n'));
  const relevant = [...inNotes].filter((n) => inCommits.has(n));
  const cited = numbers(draft.body);
  const userFacing = numbers(messages.filter((m) => classifyCommit(m).kind === 'change').join('\n'));
  const relevantUser = relevant.filter((n) => userFacing.has(n));
  const collapsed = draft.sections.flatMap((s) => s.items).filter(isCollapsedLine);
  return {
    release: `${release.repo.split('/')[1]} ${release.tag}`,
    commits: messages.length,
    items: items.length,
    noise,
    title: draft.title.length > 60 ? `${draft.title.slice(0, 59)}…` : draft.title,
    category: draft.category,
    notesCategory: notesCategory(release.releaseNotes),
    breaking: `${kept}/${footers.length}`,
    refs: `${relevant.filter((n) => cited.has(n)).length}/${relevant.length}`,
    userRefs: `${relevantUser.filter((n) => cited.has(n)).length}/${relevantUser.length}`,
    length: Number((draft.body.length / Math.max(1, release.releaseNotes.length)).toFixed(2)),
    collapsed: Math.max(0, ...collapsed.map((l) => l.length)),
  };
}

export function evaluateDrafts(): { rows: DraftScore[]; totals: Record<string, string | number> } {
  const rows = loadReleases().map(scoreRelease);
  const sum = (f: (r: DraftScore) => number) => rows.reduce((n, r) => n + f(r), 0);
  const frac = (s: string, i: 0 | 1) => Number(s.split('/')[i]);
  const items = sum((r) => r.items);
  const noise = sum((r) => r.noise);
  const big = rows.filter((r) => r.commits >= 20);
  return {
    rows,
    totals: {
      releases: rows.length,
      items,
      noiseShare: `${((noise / Math.max(1, items)) * 100).toFixed(1)}% (${noise})`,
      breakingKept: `${sum((r) => frac(r.breaking, 0))}/${sum((r) => frac(r.breaking, 1))}`,
      refRecallAll: (
        sum((r) => frac(r.refs, 0)) /
        Math.max(
          1,
          sum((r) => frac(r.refs, 1)),
        )
      ).toFixed(3),
      refRecallUserFacing: (
        sum((r) => frac(r.userRefs, 0)) /
        Math.max(
          1,
          sum((r) => frac(r.userRefs, 1)),
        )
      ).toFixed(3),
      categoryMatchesNotes: `${rows.filter((r) => r.category === r.notesCategory).length}/${rows.length}`,
      lengthMax20: Math.max(...big.map((r) => r.length)),
      lengthMedian20: big.map((r) => r.length).sort((a, b) => a - b)[Math.floor(big.length / 2)] ?? 0,
      collapsedMax: Math.max(...rows.map((r) => r.collapsed)),
    },
  };
}

if (import.meta.main) {
  const { rows, totals } = evaluateDrafts();
  console.table(rows);
  console.table(totals);
}
