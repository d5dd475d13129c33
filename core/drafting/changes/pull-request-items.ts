/**
 * A merged pull request → the changelog items it stands for (docs/api.md#generate-a-draft-from-commits-and-pull-requests, `pullRequests`). A pull request is one change, whatever commits it holds:
 * - its text is the release note its author wrote (release-note-section.ts; one item per bullet), else
 *   its title, read like a commit subject (Conventional Commits, `area: …`, prose);
 * - its labels decide, over the text: `breaking-change` (and `breaking`, `semver-major`) makes it
 *   breaking; `feature`/`enhancement` → feature, `bug`/`fix` → fix, `performance` → improvement;
 *   `skip-changelog`, `dependencies`, `documentation`, `chore`, `ci`, `internal` (and their usual
 *   spellings) fold it into Maintenance (or the dependency line); a release note of `NONE` does too;
 * - it cites itself (`#N`) first, then the issues it closes;
 * - labels and a release-note section are its author's own signal (`decidedBy: 'author'`): nothing
 *   after them (files, profile, words) changes what they decided.
 * The App maps a repository's own `category-labels` and `skip-labels` onto these names before sending.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { PullRequestInput } from '../../contract/generate.schema.ts';
import { BREAKING_LABELS, bodySaysBreaking, isBreakingProse } from './breaking-prose.ts';
import { breakingNotesOf, type ClassifiedCommit, classifyCommit } from './classify-commit.ts';
import { extractRefs } from './commit-refs.ts';
import { releaseNoteOf } from './release-note-section.ts';

const CATEGORY_LABELS: [RegExp, Category][] = [
  [/^(?:type:\s*|kind\/)?(?:feature|features|enhancement|enhancements|feat|new feature|new)$/i, 'feature'],
  [/^(?:type:\s*|kind\/)?(?:bug|bugs|fix|fixes|bugfix|bug fix|regression)$/i, 'fix'],
  [/^(?:type:\s*|kind\/)?(?:performance|perf|improvement|improvements)$/i, 'improvement'],
  [/^(?:type:\s*|kind\/)?(?:announcement|announcements)$/i, 'announcement'],
];
const DEPENDENCY_LABEL =
  /^(?:dependencies|dependency|deps|javascript|rust|python|go|github_actions|npm|cargo|pip)$/i;
const SKIP_LABEL =
  /^(?:skip[- ]?changelog|no[- ]?changelog|changelog:\s*(?:skip|none|no)|skip[- ]release[- ]notes?|no[- ]release[- ]notes?|release-note-none|internal|chore|ci|documentation|docs|maintenance|tests?|testing|refactor(?:ing)?|build|infrastructure|infra|type:\s*(?:chore|docs|ci|test|refactor|internal))$/i;

/** The breaking-change footers of a body, kept as footer lines so classifyCommit reads them. */
function footersOf(body: string | null | undefined): string {
  if (!body || !/^BREAKING[ -]CHANGE:/m.test(body)) return '';
  return breakingNotesOf(body.replace(/\r\n/g, '\n').slice(0, 20_000))
    .map((n) => `BREAKING CHANGE: ${n}`)
    .join('\n');
}

/** The items of one pull request, each carrying `pullRequest` (one, or one per release-note bullet). */
export function pullRequestItems(pr: PullRequestInput): ClassifiedCommit[] {
  const labels = pr.labels ?? [];
  const footers = footersOf(pr.body);
  const fromTitle = classifyCommit(footers ? `${pr.title}\n\n${footers}` : pr.title);
  const refs = [...new Set([`#${pr.number}`, ...(pr.closes ?? []).map((n) => `#${n}`), ...fromTitle.refs])];
  const breakingLabel = labels.some((l) => BREAKING_LABELS.test(l)) || bodySaysBreaking(pr.body);
  const category = CATEGORY_LABELS.find(([re]) => labels.some((l) => re.test(l)))?.[1];
  const skip = !breakingLabel && labels.some((l) => SKIP_LABEL.test(l));
  const dependency = !breakingLabel && labels.some((l) => DEPENDENCY_LABEL.test(l));
  const note = releaseNoteOf(pr.body);
  const common = { pullRequest: pr.number, weight: 1, author: pr.author ?? null };

  if (skip || (note?.kind === 'none' && !breakingLabel)) {
    return [
      {
        ...fromTitle,
        ...common,
        refs,
        kind: 'maintenance',
        breaking: false,
        breakingNotes: [],
        decidedBy: 'author',
      },
    ];
  }
  if (note?.kind === 'text') {
    return note.items.map((text) => {
      const item = classifyCommit(text);
      const breaking =
        breakingLabel ||
        fromTitle.breaking ||
        item.breaking ||
        isBreakingProse(item.text, item.category === 'fix');
      return {
        ...item,
        ...common,
        kind: 'change',
        category: category ?? (fromTitle.kind === 'change' ? fromTitle.category : item.category),
        type: fromTitle.type,
        scope: item.scope ?? fromTitle.scope,
        breaking,
        breakingNotes: fromTitle.breakingNotes,
        refs: [...new Set([...refs, ...extractRefs(text)])],
        subject: pr.title,
        decidedBy: 'author',
      };
    });
  }
  if (dependency && fromTitle.kind !== 'change') {
    return [{ ...fromTitle, ...common, refs, kind: 'dependency', decidedBy: 'author' }];
  }
  if (breakingLabel || category) {
    // A label decides over the title's scope (`feat(ci): …` labelled `feature` is a feature).
    const { internalScope: _scopeWord, ...labelled } = fromTitle;
    return [
      {
        ...labelled,
        ...common,
        refs,
        kind: 'change',
        category: category ?? fromTitle.category,
        breaking: breakingLabel || fromTitle.breaking,
        decidedBy: 'author',
      },
    ];
  }
  return [{ ...fromTitle, ...common, refs }];
}
