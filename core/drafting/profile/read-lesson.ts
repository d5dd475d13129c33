/**
 * What one release teaches (docs/drafting.md, "The drafting profile"): its changes read as a draft
 * reads them, its notes read into items (../notes/read-notes.ts: the items the replay and the
 * evaluation score drafts against), each change paired with the item that lists it (match-notes.ts),
 * and from that the facts every part of the profile sums: per change its kind, size, words, whether
 * the notes listed it and which non-product paths it touched; the headings the items sit under and
 * where; how the items are worded. Reading a release is the costly step of learning
 * (one `cleanChanges` and one pairing, ≈ 10 ms for 50 changes), so it is done once per release, and a
 * profile learned without one release (the replay, replay-releases.ts) only sums the others' lessons.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { CommitDetail, PullRequestInput } from '../../contract/generate.schema.ts';
import { cleanChanges } from '../clean-changes.ts';
import { contentWords } from '../changes/content-words.ts';
import { categoryOfKind, kindOf, sizeOf } from '../evidence/change-kinds.ts';
import { pathKind, touchedBy } from '../evidence/touched-paths.ts';
import type { LessonChange } from '../select/selector.ts';
import { categoryOfHeading } from './heading-categories.ts';
import { matchNotes } from './match-notes.ts';
import { readNotes } from '../notes/read-notes.ts';

/** A release to learn from: what it was made of (generate's and import's shapes) and its notes. */
export type ProfileExample = {
  changes: {
    commits: readonly string[];
    commitDetails?: readonly CommitDetail[] | undefined;
    pullRequests?: readonly PullRequestInput[] | undefined;
  };
  notes: string;
  /** The repository's `internal-paths`, if any. */
  internalPaths?: readonly string[];
};

/** A change as the lesson keeps it: the selector's facts and the folders that product paths learn from. */
export type LessonPathChange = LessonChange & {
  /**
   * Folder globs (`templates/**`, a root file by name) of the paths that the built-in rules call docs,
   * tests, CI or tooling, for a change whose files alone would make it Maintenance; empty otherwise.
   */
  folders: readonly string[];
};

export type HeadingSeen = { heading: string; category: Category | 'breaking'; place: number };

export type ReleaseLesson = {
  example: ProfileExample;
  /** Notes items, and how many the pairing found a change for. */
  items: number;
  matched: number;
  /** The notes are one list without headings. */
  flat: boolean;
  /** User-facing changes of the release as drafted without a profile. */
  userFacing: number;
  changes: LessonPathChange[];
  /** One per listed change under a heading. */
  headings: HeadingSeen[];
  /** Items that cite a reference, credit someone, start with a past-tense verb. */
  style: { references: number; credits: number; pastTense: number };
};

const REFERENCE = /(?<![\w&/])#\d+\b|\/(?:pull|issues)\/\d+/;
const CREDIT = /(?:^|\s|\()@[A-Za-z0-9][\w-]*|\bthanks? to\b/i;
const PAST_TENSE = /^(?:\*\*[^*]+\*\*:?\s*)?(?:[A-Z][a-z]+ed|Made|Built|Rewrote|Bumped|Dropped)\b/;

/** A path's folder as a glob (`templates/shell/bash.txt` → `templates/shell/**`, at most two levels). */
export function folderOf(path: string): string {
  const parts = path.replace(/^\.\//, '').split('/');
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, Math.min(2, parts.length - 1)).join('/')}/**`;
}

/** Whether a release carries changes to learn from. */
export const hasChanges = (example: ProfileExample) =>
  example.changes.commits.length > 0 || (example.changes.pullRequests?.length ?? 0) > 0;

/** What `example` teaches, or null when it carries no change. */
export function lessonOf(example: ProfileExample): ReleaseLesson | null {
  if (!hasChanges(example)) return null;
  const internalPaths = example.internalPaths ?? [];
  const cleaned = cleanChanges({ ...example.changes, internalPaths });
  const all = [...cleaned.changes, ...cleaned.maintenance, ...cleaned.dependencies];
  if (all.length === 0) return null;
  const items = readNotes(example.notes);
  const matched = matchNotes(items, all);
  const headings: HeadingSeen[] = [];
  const changes = all.map((change, i): LessonPathChange => {
    const kind = kindOf(change, internalPaths);
    const item = matched[i];
    const internalByFiles = change.files !== null && touchedBy(change.files, internalPaths) === 'internal';
    const folders = internalByFiles
      ? [
          ...new Set(
            change
              .files!.filter(
                (p) => !['product', 'dependencies', 'internal'].includes(pathKind(p, internalPaths)),
              )
              .map(folderOf),
          ),
        ]
      : [];
    if (item && item.heading !== '') {
      const heading = item.heading.split(' / ').at(-1)!;
      const category =
        categoryOfHeading(heading) ??
        (kind === 'breaking' || item.breaking ? 'breaking' : categoryOfKind(kind));
      headings.push({ heading, category, place: items.length > 1 ? item.position / (items.length - 1) : 0 });
    }
    return {
      kind,
      size: sizeOf(change),
      words: item ? [...contentWords(change.text)] : [],
      listed: item !== null,
      breaking: change.breaking || (item?.breaking ?? false),
      folders,
    };
  });
  return {
    example,
    items: items.length,
    matched: matched.filter(Boolean).length,
    flat: items.length > 0 && items.every((i) => i.heading === ''),
    userFacing: cleaned.changes.length,
    changes,
    headings,
    style: {
      references: items.filter((i) => REFERENCE.test(i.markdown)).length,
      credits: items.filter((i) => CREDIT.test(i.markdown)).length,
      pastTense: items.filter((i) => PAST_TENSE.test(i.markdown)).length,
    },
  };
}
