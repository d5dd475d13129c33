/**
 * Store a draft made by generate (docs/api.md#generate-a-draft-from-commits-and-pull-requests, docs/api.md#entries).
 * Without a `source` it is a new entry. With one (a pull request or release of a repository) it is that
 * source's one entry: created the first time, re-drafted in place after (same id; the slug follows the
 * new title until the entry is first published), and left
 * alone when a person edited it (`editedAt`) unless `regenerate` says so, or when it is published
 * (what readers already have is not rewritten by a push). `publish` still publishes a kept draft.
 */
import type { Draft, GeneratedDraft, GenerateInput } from '../../../core/contract/generate.schema.ts';
import type { TransactionSql } from '../../db/connect.ts';
import type { TranslationText } from '../../db/entry-translations.ts';
import {
  type EntryChanges,
  type EntryRow,
  type EntrySource,
  findEntryBySource,
  followTitleWithSlug,
  type ReleaseChanges,
  setEntryChanges,
  setEntryStatus,
  updateEntry,
} from '../../db/entries.ts';
import type { ServiceContext } from '../context.ts';
import { authorizeEntryChange, type Role } from '../accounts/authorize.ts';
import { insertNewEntry } from '../entries/create-entry.ts';
import { withEntryEvents } from '../entries/entry-events.ts';
import { entryChange, recordAudit } from '../audit/record-audit.ts';
import { slugFromId, slugFromTitle } from '../entries/make-slug.ts';
import { scheduleInTransaction } from '../entries/schedule-entry.ts';
import { summaryOfDraft } from '../../../core/drafting/index.ts';
import { writeTranslations } from '../languages/entry-translations.ts';

export type DraftOutcome = {
  entry: EntryRow;
  /** The draft applied to the entry; null when the entry was kept as it was. */
  draft: GeneratedDraft | null;
  /** True when this call made the entry (201), false when it found it (200). */
  created: boolean;
};

export type SaveBeforeCommit = (tx: TransactionSql, outcome: DraftOutcome) => Promise<void>;

/** The entry a source's draft must leave alone: published, or edited by a person (unless regenerating). */
export function isLocked(entry: EntryRow, regenerate: boolean): boolean {
  return entry.status === 'published' || (entry.editedAt !== null && !regenerate);
}

/** What a generate request says the release was made of (kept with its entry, for the profile). */
export function releaseChangesOf(input: GenerateInput): ReleaseChanges {
  return {
    commits: input.commits,
    ...(input.commitDetails ? { commitDetails: input.commitDetails } : {}),
    ...(input.pullRequests ? { pullRequests: input.pullRequests } : {}),
  };
}

/** `input.source` as stored: the repository lower-cased (GitHub's names are case-insensitive). */
export function entrySourceOf(input: GenerateInput): EntrySource | null {
  if (!input.source || !input.repository) return null;
  return {
    repository: input.repository.toLowerCase(),
    pullRequest: input.source.pullRequest ?? null,
    release: input.source.release ?? null,
    range: input.source.range ?? null,
    headSha: input.source.headSha?.toLowerCase() ?? null,
    component: input.component ?? null,
  };
}

/** The summary a drafted entry gets: the request's when given, else one from the draft's highlights. */
export function entrySummaryOf(input: GenerateInput, draft: Draft): string | null {
  return input.summary !== undefined ? input.summary : summaryOfDraft(draft);
}

/**
 * Who a drafted entry is for and what readers read of it (docs/api.md#readers-and-audiences-segments-summary-announcements): the
 * request's `segments` and `announce` when given (else a re-draft keeps the entry's), and its `summary`,
 * else one written in plain words from the draft's highlights.
 */
function audienceOf(
  input: GenerateInput,
  draft: GeneratedDraft,
): Pick<EntryChanges, 'segments' | 'summary' | 'announce'> {
  return {
    ...(input.segments !== undefined ? { segments: input.segments } : {}),
    ...(input.announce !== undefined ? { announce: input.announce } : {}),
    summary: entrySummaryOf(input, draft),
  };
}

/** A draft's body rendered, and its translations rendered (docs/languages.md "Drafting translations"). */
export type RenderedDraft = { html: string; translations: readonly TranslationText[] };

/**
 * Write `draft` (or keep the source's locked entry when `draft` is null) in one transaction.
 * Re-drafting the source's existing entry is a change of that entry: `role` must be allowed it
 * (`authorizeEntryChange`: a scheduled draft is a publisher's).
 * @param rendered the draft body rendered, and its translations (each replaces the entry's in its
 *   locale; the others stay); unused when `draft` is null.
 * @throws ForbiddenError when `role` may not re-draft the existing entry.
 */
export async function saveDraftedEntry(
  ctx: ServiceContext,
  projectId: string,
  role: Role,
  input: GenerateInput,
  draft: GeneratedDraft | null,
  rendered: RenderedDraft,
  beforeCommit?: SaveBeforeCommit,
): Promise<DraftOutcome> {
  const source = entrySourceOf(input);
  return withEntryEvents(ctx, async (tx, record) => {
    const existing = source ? await findEntryBySource(tx, projectId, source) : undefined;
    let outcome: DraftOutcome;
    if (existing && (draft === null || isLocked(existing, input.regenerate))) {
      let entry = existing;
      if (input.publish && entry.status === 'draft') {
        entry = (await setEntryStatus(tx, projectId, entry.id, 'published'))!.row;
        await record('published', entry);
      }
      outcome = { entry, draft: null, created: false };
    } else if (existing && draft) {
      authorizeEntryChange(role, existing, input);
      let entry = (await updateEntry(tx, projectId, existing.id, {
        title: draft.title,
        body: draft.body,
        html: rendered.html,
        category: draft.category,
        version: draft.version,
        sourceHeadSha: source?.headSha ?? existing.sourceHeadSha,
        editedAt: null,
        ...audienceOf(input, draft),
      }))!;
      // A draft's slug follows its title until the first publish (docs/api.md#generate-a-draft-from-commits-and-pull-requests).
      entry = (await followTitleWithSlug(
        tx,
        projectId,
        entry.id,
        slugFromTitle(draft.title) ?? slugFromId(entry.id),
      ))!;
      if (input.publish) {
        entry = (await setEntryStatus(tx, projectId, entry.id, 'published'))!.row;
        await record('published', entry);
      }
      outcome = { entry, draft, created: false };
    } else if (draft) {
      const entry = await insertNewEntry(
        tx,
        projectId,
        {
          title: draft.title,
          body: draft.body,
          category: draft.category,
          version: draft.version,
          visibility: input.visibility,
          publish: input.publish,
          component: input.component,
          ...audienceOf(input, draft),
        },
        rendered.html,
        { origin: 'generate', source },
      );
      if (entry.status === 'published') await record('published', entry);
      outcome = { entry, draft, created: true };
    } else {
      throw new Error('saveDraftedEntry: no draft and no entry to keep');
    }
    // What the release was made of stays with its entry: publishing it teaches the drafting profile.
    if (outcome.draft) {
      await setEntryChanges(tx, outcome.entry.id, releaseChangesOf(input));
      await writeTranslations(tx, outcome.entry.id, rendered.translations);
    }
    // Scheduling (`publishAt`) applies to the entry as it now is, drafted or kept, if still a draft.
    if (input.publishAt && outcome.entry.status === 'draft')
      outcome = {
        ...outcome,
        entry: await scheduleInTransaction(tx, record, projectId, outcome.entry.id, input.publishAt),
      };
    if (outcome.draft || outcome.entry.status !== existing?.status) {
      const action = outcome.created
        ? 'entry.generated'
        : outcome.draft
          ? 'entry.regenerated'
          : 'entry.published';
      await recordAudit(tx, projectId, entryChange(action, outcome.entry, { status: outcome.entry.status }));
    }
    await beforeCommit?.(tx, outcome);
    return outcome;
  });
}
