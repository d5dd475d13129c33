/**
 * The features of a change that the drafting profile counts: its kind (what it is to a reader) and its
 * size (lines changed). Kinds: `breaking`, the four categories (`feature`, `fix`, `improvement`,
 * `announcement`), `dependency`, and the kinds of internal work (`docs`, `tests`, `ci`, `tooling`,
 * `refactor`, `internal`), read from the author's type or scope first, then from the files it touched.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import { internalAreasOf, type PathKind } from './touched-paths.ts';

export const CHANGE_KINDS = [
  'breaking',
  'feature',
  'fix',
  'improvement',
  'announcement',
  'dependency',
  'docs',
  'tests',
  'ci',
  'tooling',
  'refactor',
  'internal',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What each kind is called in words (the profile's description, the dashboard). */
export const KIND_NAMES: Record<ChangeKind, string> = {
  breaking: 'breaking changes',
  feature: 'features',
  fix: 'fixes',
  improvement: 'improvements',
  announcement: 'announcements',
  dependency: 'dependency updates',
  docs: 'docs',
  tests: 'tests',
  ci: 'CI',
  tooling: 'tooling',
  refactor: 'refactoring',
  internal: 'other internal work',
};

export const SIZES = ['small', 'medium', 'large', 'unknown'] as const;
export type Size = (typeof SIZES)[number];

const INTERNAL_NAMES: [RegExp, ChangeKind][] = [
  [/^(?:docs?|documentation|readme|changelog|examples?|website|site|blog|guide|book|man)$/i, 'docs'],
  [/^(?:tests?|testing|e2e|specs?|coverage|bench(?:es|marks?)?|fixtures?)$/i, 'tests'],
  [/^(?:ci|cd|gha|github|workflows?|actions?)$/i, 'ci'],
  [/^(?:build|chore|style|lint|fmt|format|tooling|tools?|scripts?|dev|release|deps-dev|config)$/i, 'tooling'],
  [/^refactor(?:ing)?$/i, 'refactor'],
];

const PATH_KINDS: Partial<Record<PathKind, ChangeKind>> = {
  docs: 'docs',
  tests: 'tests',
  ci: 'ci',
  tooling: 'tooling',
  dependencies: 'dependency',
  internal: 'internal',
};

/** The kind of internal work `c` is: by its type, then its scope, then the files it touched most. */
function internalKind(c: ClassifiedCommit, internalPaths: readonly string[]): ChangeKind {
  for (const name of [c.type, c.scope]) {
    const found = name ? INTERNAL_NAMES.find(([re]) => re.test(name))?.[1] : undefined;
    if (found) return found;
  }
  const area = c.files ? internalAreasOf(c.files, internalPaths)[0] : undefined;
  return (area && PATH_KINDS[area]) ?? 'internal';
}

/** What `c` is to a reader of this project's notes. */
export function kindOf(c: ClassifiedCommit, internalPaths: readonly string[] = []): ChangeKind {
  if (c.breaking) return 'breaking';
  if (c.kind === 'dependency') return 'dependency';
  if (c.kind === 'maintenance') return internalKind(c, internalPaths);
  return c.category;
}

/** Lines changed, in three sizes (a few lines, a few hundred, more), or unknown without line counts. */
export function sizeOf(c: Pick<ClassifiedCommit, 'lines'>): Size {
  if (c.lines <= 0) return 'unknown';
  if (c.lines < 30) return 'small';
  if (c.lines < 300) return 'medium';
  return 'large';
}

/** The category a kind of change is listed under when it is an item. */
export function categoryOfKind(kind: ChangeKind): Category {
  return kind === 'feature' || kind === 'fix' || kind === 'announcement' ? kind : 'improvement';
}
