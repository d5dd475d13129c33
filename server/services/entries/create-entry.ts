/**
 * Create an entry (docs/api.md#entries): Markdown rendered to sanitized HTML
 * now, a unique slug from the title, and with `publish: true` the entry is stored published and
 * dispatched in the same transaction. Its `segments`, `summary` and `announce` are stored as given
 * (docs/api.md#readers-and-audiences-segments-summary-announcements); segments and announce are a publisher's to set. Its
 * `translations` (docs/languages.md) are checked against the project's locales and rendered like the
 * body, and stored with it.
 */
import type { CreateEntryInput } from '../../../core/contract/entries.schema.ts';
import type { TransactionSql } from '../../db/connect.ts';
import { type EntryRow, type EntrySource, insertEntry } from '../../db/entries.ts';
import { InvalidError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { withEntryEvents } from './entry-events.ts';
import { slugFromId, slugFromTitle } from './make-slug.ts';
import { newId } from '../../db/new-id.ts';
import { assertFuture, scheduleInTransaction } from './schedule-entry.ts';
import { entryChange, recordAudit } from '../audit/record-audit.ts';
import { authorizeNewEntry, type Role } from '../accounts/authorize.ts';
import { prepareTranslations, writeTranslations } from '../languages/entry-translations.ts';

/** What a new entry says; who it is for and its announcement default to everyone and no. */
export type NewEntryInput = Omit<CreateEntryInput, 'segments' | 'announce'> &
  Partial<Pick<CreateEntryInput, 'segments' | 'announce'>>;

export type CreateEntryOptions = {
  /**
   * The caller's role (API keys and the App act as publishers; so do the server's own callers when
   * none is given): a contributor's new entry is for everyone and not announced.
   */
  role?: Role;
  /** How it was made: written (`api`) or drafted from commits (`generate`). */
  origin?: 'api' | 'generate';
  /** The pull request or release it drafts (a generate with `source`). */
  source?: EntrySource | null;
  /** Runs in the transaction with the stored row (an idempotent response is written here). */
  beforeCommit?: (tx: TransactionSql, row: EntryRow) => Promise<void>;
};

/** Insert in `tx` (no events of its own): the body of createEntry, for callers that own a transaction. */
export async function insertNewEntry(
  tx: TransactionSql,
  projectId: string,
  input: NewEntryInput,
  html: string,
  options: Pick<CreateEntryOptions, 'origin' | 'source'>,
): Promise<EntryRow> {
  const id = newId('ent');
  const source = options.source ?? null;
  return insertEntry(
    tx,
    {
      id,
      projectId,
      title: input.title,
      body: input.body,
      html,
      category: input.category,
      version: input.version ?? null,
      visibility: input.visibility,
      origin: options.origin ?? 'api',
      sourceRepository: source?.repository ?? null,
      sourcePullRequest: source?.pullRequest ?? null,
      sourceRelease: source?.release ?? null,
      sourceRange: source?.range ?? null,
      sourceHeadSha: source?.headSha ?? null,
      component: input.component ?? source?.component ?? null,
      segments: input.segments ?? [],
      summary: input.summary ?? null,
      announce: input.announce ?? false,
      publish: input.publish,
    },
    slugFromTitle(input.title) ?? slugFromId(id),
  );
}

/**
 * `publishAt` (docs/api.md#entries, scheduling) schedules a draft: in the future, and not
 * together with `publish: true`.
 * @throws InvalidError otherwise.
 */
export function assertPublishAt(at: Date, publish: boolean): void {
  if (publish)
    throw new InvalidError('publish and publishAt exclude each other', [
      { pointer: '/publishAt', detail: 'Give publish: true or publishAt, not both' },
    ]);
  assertFuture(at, '/publishAt');
}

export async function createEntry(
  ctx: ServiceContext,
  projectId: string,
  input: NewEntryInput,
  options: CreateEntryOptions = {},
): Promise<EntryRow> {
  authorizeNewEntry(options.role ?? 'publisher', input);
  if (input.publishAt) assertPublishAt(input.publishAt, input.publish);
  const html = await ctx.markdown.render(input.body, projectId);
  const translations = await prepareTranslations(ctx, projectId, input.translations);
  return withEntryEvents(ctx, async (tx, record) => {
    let inserted = await insertNewEntry(tx, projectId, input, html, options);
    await writeTranslations(tx, inserted.id, translations);
    if (inserted.status === 'published') await record('published', inserted);
    if (input.publishAt)
      inserted = await scheduleInTransaction(tx, record, projectId, inserted.id, input.publishAt);
    await recordAudit(
      tx,
      projectId,
      entryChange('entry.created', inserted, {
        status: inserted.status,
        scheduledFor: input.publishAt ?? null,
      }),
    );
    await options.beforeCommit?.(tx, inserted);
    return inserted;
  });
}
