/** SQL for entries: insert with a unique slug, keyset listing, updates, status changes, deletion. */
import type { Category, Status, Visibility } from '../../core/contract/entries.schema.ts';
import type { CommitDetail, PullRequestInput } from '../../core/contract/generate.schema.ts';
import { MAX_SLUG_LENGTH, truncateSlug } from './slug-limits.ts';
import type { Sql, TransactionSql } from './connect.ts';
import { isUniqueViolation } from './unique-violation.ts';

type Db = Sql | TransactionSql;

export type EntryRow = {
  id: string;
  projectId: string;
  title: string;
  slug: string;
  body: string;
  html: string;
  category: Category;
  version: string | null;
  visibility: Visibility;
  status: Status;
  /** How the entry was made. */
  origin: 'api' | 'generate' | 'import';
  /** The repository (`owner/name`, lower-case) and pull request, release or range it drafts, if any. */
  sourceRepository: string | null;
  sourcePullRequest: number | null;
  sourceRelease: string | null;
  /** A compare range (`from...to`) that is neither a pull request nor a release. */
  sourceRange: string | null;
  sourceHeadSha: string | null;
  /** The monorepo component it is about, or null. */
  component: string | null;
  /** Readers it is for: empty for everyone, else only readers whose token names one of them. */
  segments: string[];
  /** Plain words for readers (widget, email), at most 500 characters; null when none. */
  summary: string | null;
  /** Whether the widget opens it once per reader as a dialog. */
  announce: boolean;
  /** When a person last edited it (PATCH); automated re-drafting leaves an edited entry alone. */
  editedAt: Date | null;
  publishedAt: Date | null;
  /** The first publish: from then on the slug is frozen (public URLs never change). */
  firstPublishedAt: Date | null;
  /** When a job publishes this draft; null when none is scheduled. */
  scheduledFor: Date | null;
  createdAt: Date;
  updatedAt: Date;
  sortAt: Date;
};

/**
 * What a release was made of, as generate and import receive it: the commit messages, what each
 * changed, the merged pull requests. Kept with its entry: the drafting profile learns from it.
 */
export type ReleaseChanges = {
  commits: string[];
  commitDetails?: CommitDetail[] | undefined;
  pullRequests?: PullRequestInput[] | undefined;
};

export type NewEntry = Omit<
  EntryRow,
  | 'slug'
  | 'status'
  | 'publishedAt'
  | 'firstPublishedAt'
  | 'scheduledFor'
  | 'createdAt'
  | 'updatedAt'
  | 'sortAt'
  | 'editedAt'
  | 'segments'
  | 'summary'
  | 'announce'
> &
  Partial<Pick<EntryRow, 'segments' | 'summary' | 'announce'>> & {
    publish: boolean;
    /** When it was published, if not now (an imported release keeps its own date). */
    publishedAt?: Date;
    /** What the release was made of (entry_changes), for the drafting profile. */
    changes?: ReleaseChanges | null;
  };

/** What an entry drafts: a pull request or a release of a repository. */
export type EntrySource = {
  repository: string;
  pullRequest: number | null;
  release: string | null;
  /** A compare range, `from...to` (`...to` from the first commit). */
  range: string | null;
  headSha: string | null;
  /** A monorepo component: one entry per source and component. */
  component: string | null;
};

/**
 * Slugs no entry takes: `/changelog/{project}/search` is the page's search (routes/public/search.ts).
 * An entry titled "Search" is `search-2`, as if an entry had the slug already.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['search']);

/** `base`, else `base-2`, `base-3`…: the first candidate not in `taken`, each at most 80 characters. */
function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = truncateSlug(base, MAX_SLUG_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Run `write(slug)` with `baseSlug` made unique within the project (`-2`, `-3`… on collision; the
 * entry `exceptId` keeps its own slug out of the count). Writers of the same base slug in one project
 * take turns (a transaction-scoped advisory lock), so each sees the slugs the others committed; a
 * unique violation all the same (another base truncated to the same candidate) retries inside a
 * savepoint with the next free suffix. Must run inside a transaction.
 */
async function withFreeSlug<T>(
  tx: TransactionSql,
  projectId: string,
  baseSlug: string,
  exceptId: string | null,
  write: (sp: TransactionSql, slug: string) => Promise<T>,
): Promise<T> {
  const prefix = baseSlug.slice(0, MAX_SLUG_LENGTH - 8);
  await tx`select pg_advisory_xact_lock(hashtext(${`slug:${projectId}:${prefix}`}))`;
  for (let attempt = 0; ; attempt++) {
    const rows = await tx<{ slug: string }[]>`
      select slug from entries
      where project_id = ${projectId} and slug like ${`${prefix}%`} and id is distinct from ${exceptId}`;
    const slug = firstFreeSlug(baseSlug, new Set(rows.map((r) => r.slug)));
    try {
      return (await tx.savepoint((sp) => write(sp, slug))) as T;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** Insert an entry whose slug is `baseSlug` made unique within the project. Must run inside a transaction. */
export async function insertEntry(tx: TransactionSql, entry: NewEntry, baseSlug: string): Promise<EntryRow> {
  return withFreeSlug(tx, entry.projectId, baseSlug, null, async (sp, slug) => {
    const publishedAt = !entry.publish
      ? null
      : entry.publishedAt
        ? sp`${entry.publishedAt}::timestamptz`
        : sp`date_trunc('milliseconds', now())`;
    const [row] = await sp<EntryRow[]>`
      insert into entries (id, project_id, title, slug, body, html, category, version, visibility, status,
                           origin, source_repository, source_pull_request, source_release, source_range,
                           source_head_sha,
                           component, segments, summary, announce, search_language,
                           published_at, first_published_at)
      values (${entry.id}, ${entry.projectId}, ${entry.title}, ${slug}, ${entry.body}, ${entry.html},
              ${entry.category}, ${entry.version}, ${entry.visibility},
              ${entry.publish ? 'published' : 'draft'}, ${entry.origin}, ${entry.sourceRepository},
              ${entry.sourcePullRequest}, ${entry.sourceRelease}, ${entry.sourceRange},
              ${entry.sourceHeadSha},
              ${entry.component}, ${entry.segments ?? []}::text[], ${entry.summary ?? null}, ${entry.announce ?? false},
              (select search_language from projects where id = ${entry.projectId}),
              ${publishedAt}, ${publishedAt})
      returning *`;
    if (entry.changes) await setEntryChanges(sp, entry.id, entry.changes);
    return row!;
  });
}

/** Keep what entry `entryId`'s release was made of (replacing what was kept), for the drafting profile. */
export async function setEntryChanges(
  tx: TransactionSql,
  entryId: string,
  changes: ReleaseChanges,
): Promise<void> {
  await tx`
    insert into entry_changes (entry_id, changes) values (${entryId}, ${tx.json(changes as never)})
    on conflict (entry_id) do update set changes = excluded.changes, kept_at = excluded.kept_at`;
}

/**
 * Give a never-published entry the slug of its new title (docs/api.md#generate-a-draft-from-commits-and-pull-requests), unique within the
 * project; an entry published once keeps its slug. Must run inside a transaction.
 * @returns the row, with its slug as it now is; undefined when there is no such entry.
 */
export async function followTitleWithSlug(
  tx: TransactionSql,
  projectId: string,
  id: string,
  baseSlug: string,
): Promise<EntryRow | undefined> {
  const current = await findEntry(tx, projectId, id);
  if (!current || current.firstPublishedAt !== null || current.slug === baseSlug) return current;
  return withFreeSlug(tx, projectId, baseSlug, id, async (sp, slug) => {
    const [row] = await sp<EntryRow[]>`
      update entries set slug = ${slug}
      where project_id = ${projectId} and id = ${id} and first_published_at is null
      returning *`;
    return row ?? current;
  });
}

/** An entry by id, whatever its project (for jobs, which carry only the id). */
export async function findEntryById(sql: Db, id: string): Promise<EntryRow | undefined> {
  const [row] = await sql<EntryRow[]>`select * from entries where id = ${id}`;
  return row;
}

export async function findEntry(sql: Db, projectId: string, id: string): Promise<EntryRow | undefined> {
  const [row] = await sql<EntryRow[]>`select * from entries where project_id = ${projectId} and id = ${id}`;
  return row;
}

/** In a transaction: entry `id` of the project, its row locked until the commit (a change decides on it). */
export async function lockEntry(
  tx: TransactionSql,
  projectId: string,
  id: string,
): Promise<EntryRow | undefined> {
  const [row] = await tx<EntryRow[]>`
    select * from entries where project_id = ${projectId} and id = ${id} for update`;
  return row;
}

/**
 * The entry of a pull request, release or range. In a transaction, drafts of one source take turns from here
 * to the commit (an advisory lock, which also covers the insert of a first draft): the second finds
 * and re-drafts what the first made instead of inserting a second entry. Outside one, a plain read.
 */
export async function findEntryBySource(
  tx: Db,
  projectId: string,
  source: Pick<EntrySource, 'repository' | 'pullRequest' | 'release' | 'range' | 'component'>,
): Promise<EntryRow | undefined> {
  const which =
    source.pullRequest !== null
      ? tx`source_pull_request = ${source.pullRequest}`
      : source.release !== null
        ? tx`source_release = ${source.release}`
        : tx`source_range = ${source.range}`;
  const named =
    source.pullRequest ?? (source.release !== null ? `release ${source.release}` : `range ${source.range}`);
  const key = `source:${projectId}:${source.repository}:${named}:${source.component ?? ''}`;
  await tx`select pg_advisory_xact_lock(hashtext(${key}))`;
  const [row] = await tx<EntryRow[]>`
    select * from entries
    where project_id = ${projectId} and source_repository = ${source.repository}
      and ${which}
      and component is not distinct from ${source.component}
    for update`;
  return row;
}

/**
 * The version of the project's newest published entry that has one (of `component`, or of none), or
 * null: the previous release generate's `draft.suggestedVersion` bumps when the request names none.
 */
export async function findNewestPublishedVersion(
  sql: Db,
  projectId: string,
  component: string | null,
): Promise<string | null> {
  const [row] = await sql<{ version: string }[]>`
    select version from entries
    where project_id = ${projectId} and status = 'published' and version is not null
      and component is not distinct from ${component}
    order by published_at desc nulls last, id desc
    limit 1`;
  return row?.version ?? null;
}

export type ListFilters = {
  /** `scheduled`: drafts with a publish time. */
  status?: Status | 'scheduled' | undefined;
  category?: Category | undefined;
  visibility?: Visibility | undefined;
  /** Titles containing this text, case-insensitively (literally: no wildcards). */
  q?: string | undefined;
  /** Entries of this monorepo component. */
  component?: string | undefined;
  /** Entries made this way. */
  origin?: EntryRow['origin'] | undefined;
};

/**
 * One page of a project's entries, newest first by (sortAt, id), strictly after `after` when given.
 * Keyset pagination: the index `entries_project_sort` serves every page at the same cost.
 * @returns up to `limit + 1` rows; the extra one tells the caller that a next page exists.
 */
export async function listEntries(
  sql: Db,
  projectId: string,
  filters: ListFilters,
  after: { sortAt: Date; id: string } | undefined,
  limit: number,
): Promise<EntryRow[]> {
  return sql<EntryRow[]>`
    select * from entries
    where project_id = ${projectId}
      ${
        filters.status === 'scheduled'
          ? sql`and status = 'draft' and scheduled_for is not null`
          : filters.status
            ? sql`and status = ${filters.status}`
            : sql``
      }
      ${filters.category ? sql`and category = ${filters.category}` : sql``}
      ${filters.visibility ? sql`and visibility = ${filters.visibility}` : sql``}
      ${filters.q ? sql`and strpos(lower(title), lower(${filters.q})) > 0` : sql``}
      ${filters.component ? sql`and component = ${filters.component}` : sql``}
      ${filters.origin ? sql`and origin = ${filters.origin}` : sql``}
      ${after ? sql`and (sort_at, id) < (${after.sortAt}, ${after.id})` : sql``}
    order by sort_at desc, id desc
    limit ${limit + 1}`;
}

export type EntryChanges = Partial<
  Pick<
    EntryRow,
    | 'title'
    | 'body'
    | 'html'
    | 'category'
    | 'version'
    | 'visibility'
    | 'sourceHeadSha'
    | 'editedAt'
    | 'segments'
    | 'summary'
    | 'announce'
  >
>;

export async function updateEntry(
  sql: Db,
  projectId: string,
  id: string,
  changes: EntryChanges,
): Promise<EntryRow | undefined> {
  const columns = Object.keys(changes) as (keyof EntryChanges)[];
  const [row] = await sql<EntryRow[]>`
    update entries set ${sql(changes, ...columns)}, updated_at = date_trunc('milliseconds', now())
    where project_id = ${projectId} and id = ${id}
    returning *`;
  return row;
}

/**
 * Move an entry to `status`. Only a real change is written, so the caller can tell a transition (row
 * returned with `changed: true`) from a no-op on an entry already in that state.
 */
export async function setEntryStatus(
  sql: Db,
  projectId: string,
  id: string,
  status: Status,
): Promise<{ row: EntryRow; changed: boolean } | undefined> {
  const [changed] = await sql<EntryRow[]>`
    update entries
    set status = ${status},
        published_at = ${status === 'published' ? sql`date_trunc('milliseconds', now())` : null},
        first_published_at = coalesce(first_published_at,
          ${status === 'published' ? sql`date_trunc('milliseconds', now())` : null}),
        scheduled_for = null,
        updated_at = date_trunc('milliseconds', now())
    where project_id = ${projectId} and id = ${id} and status <> ${status}
    returning *`;
  if (changed) return { row: changed, changed: true };
  const row = await findEntry(sql, projectId, id);
  return row && { row, changed: false };
}

/**
 * Set (or clear, with null) when a draft is published by its job. Only a draft can be scheduled.
 * @returns the row; undefined when the project has no such entry.
 */
export async function setEntrySchedule(
  sql: Db,
  projectId: string,
  id: string,
  at: Date | null,
): Promise<EntryRow | undefined> {
  const [row] = await sql<EntryRow[]>`
    update entries set scheduled_for = ${at}, updated_at = date_trunc('milliseconds', now())
    where project_id = ${projectId} and id = ${id} and (status = 'draft' or ${at === null})
    returning *`;
  return row ?? (await findEntry(sql, projectId, id));
}

/**
 * The draft a scheduled publish (`at`) is for, locked until the transaction ends; undefined when it
 * was published, deleted, cancelled or moved to another time since the job was made.
 */
export async function lockScheduledEntry(
  tx: TransactionSql,
  id: string,
  at: Date,
): Promise<EntryRow | undefined> {
  const [row] = await tx<EntryRow[]>`
    select * from entries where id = ${id} and status = 'draft' and scheduled_for = ${at} for update`;
  return row;
}

/** @returns the deleted row, or undefined when there was none. */
export async function deleteEntry(sql: Db, projectId: string, id: string): Promise<EntryRow | undefined> {
  const [row] = await sql<
    EntryRow[]
  >`delete from entries where project_id = ${projectId} and id = ${id} returning *`;
  return row;
}

/** The project of each of `ids` that exists. */
export async function findEntryProjects(sql: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<
    { id: string; projectId: string }[]
  >`select id, project_id from entries where id in ${sql(ids as string[])}`;
  return new Map(rows.map((e) => [e.id, e.projectId]));
}

/**
 * Drafts whose scheduled publish is more than `graceSeconds` overdue by the database's clock (so every
 * server agrees), oldest first, at most `limit`, locked until the transaction ends. Rows another
 * transaction holds are skipped, not waited for (its job is publishing them, or an edit is in progress:
 * a later pass sees them again); a row published or rescheduled since this statement's snapshot is
 * checked again on its newest version, so it is not returned.
 */
export async function lockOverdueScheduledEntries(
  tx: TransactionSql,
  graceSeconds: number,
  limit: number,
): Promise<EntryRow[]> {
  return tx<EntryRow[]>`
    select * from entries
    where scheduled_for is not null and status = 'draft'
      and scheduled_for < now() - make_interval(secs => ${graceSeconds})
    order by scheduled_for
    limit ${limit}
    for update skip locked`;
}
