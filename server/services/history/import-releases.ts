/**
 * `POST /api/v1/entries/import` and `shiplog import` (docs/api.md#import-history-and-the-drafting-profile):
 * a project's existing changelog becomes published entries, so its widget and page show its history
 * from day one.
 *
 * Each release is a published, `external` entry dated `publishedAt` (which must be in the past),
 * `origin: 'import'`, its body the notes (rendered like every entry's), its title the given `title` or
 * the notes' leading change (rendering/lead-of-notes.ts; never the version), its category by what the notes lead
 * with. The notes are rendered and read in the renderer's worker, with every body's budget and nesting
 * limit: notes too complex to render are `400` at `/releases/<i>/notes`, the whole import refused. With `commits`, what the release was made of is kept (entry_changes) for the drafting profile.
 * Importing a version again replaces its imported entry's notes in place (same id and slug: `replaced`),
 * keeping what the team decided since (status, visibility, schedule, segments, summary, announce); a
 * version that already has an entry made another way (the API, generate) is left alone (`skipped`). A
 * version listed twice in one call keeps its longer notes; the other is skipped as `duplicate`. A
 * release whose `taggedAt` is more than a day from its `publishedAt` is imported with `publishedAt` and
 * named in `warnings`. One transaction for all of it.
 *
 * Import never dispatches: its entries are `imported` events (entry-events.ts), which refresh caches
 * and tell other instances, and enqueue nothing (no email, channel delivery, shipped comment, quota).
 *
 * The drafting profile is learned after the commit, from the entries as committed; the answer (with
 * what was learned) is stored for an Idempotency-Key after that, in its own transaction. A crash in
 * between leaves the key unanswered: its retry runs the import again, which replaces the same entries.
 */
import type { ImportInput, ImportResponse } from '../../../core/contract/history.schema.ts';
import { titleWithoutVersion } from '../../../core/contract/titles.ts';
import type { TransactionSql } from '../../db/connect.ts';
import { type EntryRow, insertEntry, setEntryChanges } from '../../db/entries.ts';
import {
  deleteEntryChanges,
  lockEntriesOfVersions,
  replaceImportedEntry,
} from '../../db/imported-entries.ts';
import { tagDateWarning } from '../../../core/plan-import.ts';
import { InvalidError, ShiplogError } from '../../errors/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { learnDraftingProfile } from '../drafting/project-profile.ts';
import type { ServiceContext } from '../context.ts';
import { type RecordEvent, withEntryEvents } from '../entries/entry-events.ts';
import { queueCommitFetch } from './queue-commit-fetch.ts';
import { slugFromId, slugFromTitle } from '../entries/make-slug.ts';
import { newId } from '../../db/new-id.ts';

type Release = ImportInput['releases'][number];

/** A release ready to store: its HTML, title and category worked out before the transaction. */
type Prepared = { release: Release; html: string; title: string; category: EntryRow['category'] };

export type ImportOptions = {
  /** Stores the answer for an Idempotency-Key (idempotent-response.ts), once the profile is learned. */
  storeResponse?: (tx: TransactionSql, response: ImportResponse) => Promise<void>;
  /** The clock `publishedAt` is checked against (tests). */
  now?: Date;
};

/** @throws InvalidError naming `/releases/<i>/publishedAt` for every date that is not in the past. */
function assertPast(releases: readonly Release[], now: Date): void {
  const errors = releases.flatMap((r, i) =>
    r.publishedAt.getTime() < now.getTime()
      ? []
      : [
          {
            pointer: `/releases/${i}/publishedAt`,
            detail: 'Must be in the past: an imported release was published already',
          },
        ],
  );
  if (errors.length > 0) throw new InvalidError('publishedAt must be in the past', errors);
}

/** The title: the given one, else the notes' leading change, never the bare version. */
function titleOf(release: Release, lead: string | null): string {
  const given = release.title && titleWithoutVersion(release.title, release.version).trim();
  const isVersion = (t: string) => t.replace(/^[vV]/, '') === release.version;
  if (given && !isVersion(given)) return given;
  const led = lead && titleWithoutVersion(lead, release.version).trim();
  return led && !isVersion(led) ? led : 'Release notes';
}

async function prepare(ctx: ServiceContext, projectId: string, releases: readonly Release[]) {
  return Promise.all(
    releases.map(async (release, i): Promise<Prepared> => {
      try {
        // In the renderer's worker, like every body: the notes' HTML and their leading change.
        const { html, lead } = await ctx.markdown.renderNotes(release.notes, projectId);
        return { release, html, title: titleOf(release, lead.title), category: lead.category };
      } catch (err) {
        if (!(err instanceof ShiplogError) || err.code !== 'invalid') throw err;
        throw new InvalidError(`releases/${i}/notes: too complex to render`, [
          { pointer: `/releases/${i}/notes`, detail: 'too complex to render' },
        ]);
      }
    }),
  );
}

type Tally = Omit<ImportResponse, 'profile' | 'learning'> & { withCommits: number; withoutCommits: number };

/** Per version named more than once, the index of the release with the longest notes (the first on a tie). */
function keptOfEachVersion(prepared: readonly Prepared[]): Map<string, number> {
  const kept = new Map<string, number>();
  prepared.forEach(({ release }, i) => {
    const best = kept.get(release.version);
    if (best === undefined || release.notes.length > prepared[best]!.release.notes.length)
      kept.set(release.version, i);
  });
  return kept;
}

/** Store each prepared release: insert, replace its imported entry, or skip it. Inside `tx`. */
async function store(
  tx: TransactionSql,
  record: RecordEvent,
  projectId: string,
  prepared: readonly Prepared[],
  repository: string | null,
): Promise<Tally> {
  const tally: Tally = {
    imported: 0,
    replaced: 0,
    skipped: [],
    warnings: [],
    entries: [],
    withCommits: 0,
    withoutCommits: 0,
  };
  const existing = await lockEntriesOfVersions(
    tx,
    projectId,
    prepared.map((p) => p.release.version),
  );
  const kept = keptOfEachVersion(prepared);
  for (const [i, { release, html, title, category }] of prepared.entries()) {
    const { version } = release;
    const other = existing.find((e) => e.version === version && e.origin !== 'import');
    const reason =
      kept.get(version) !== i
        ? 'duplicate'
        : other
          ? `an entry of this version exists already (${other.origin === 'generate' ? 'drafted from commits' : 'written through the API'}): ${other.id}`
          : null;
    if (reason) {
      tally.skipped.push({ version, reason });
      continue;
    }
    const content = { title, body: release.notes, html, category, sourceRepository: repository };
    const previous = existing.find((e) => e.version === version);
    const row = previous
      ? await replaceImportedEntry(tx, projectId, previous.id, {
          ...content,
          publishedAt: release.publishedAt,
        })
      : await insertNew(tx, projectId, content, release);
    if (previous && !release.commits?.length) await deleteEntryChanges(tx, row.id);
    else if (previous) await setEntryChanges(tx, row.id, changesOf(release)!);
    tally[previous ? 'replaced' : 'imported']++;
    tally[release.commits?.length ? 'withCommits' : 'withoutCommits']++;
    tally.entries.push({ id: row.id, slug: row.slug, version, status: row.status });
    const warning = tagDateWarning(release.publishedAt, release.taggedAt);
    if (warning) tally.warnings.push({ version, message: warning });
    await record('imported', row);
  }
  return tally;
}

/** What the release was made of, when it carries its commits. */
const changesOf = (release: Release) =>
  release.commits?.length
    ? {
        commits: release.commits,
        commitDetails: release.commitDetails,
        pullRequests: release.pullRequests,
      }
    : null;

function insertNew(
  tx: TransactionSql,
  projectId: string,
  content: Omit<Prepared, 'release'> & { body: string; sourceRepository: string | null },
  release: Release,
): Promise<EntryRow> {
  const id = newId('ent');
  return insertEntry(
    tx,
    {
      id,
      projectId,
      title: content.title,
      body: content.body,
      html: content.html,
      category: content.category,
      version: release.version,
      visibility: 'external',
      origin: 'import',
      sourceRepository: content.sourceRepository,
      sourcePullRequest: null,
      sourceRelease: null,
      sourceRange: null,
      sourceHeadSha: null,
      component: null,
      publish: true,
      publishedAt: release.publishedAt,
      changes: changesOf(release),
    },
    slugFromTitle(content.title) ?? slugFromId(id),
  );
}

/**
 * Import `input.releases` into project `projectId`.
 * @returns the counts, the entries written (imported and replaced, in the order given) and the
 *   drafting profile's `releasesLearned` after learning from them.
 * @throws InvalidError for a `publishedAt` not in the past, or notes too complex to render.
 */
export async function importReleases(
  ctx: ServiceContext,
  projectId: string,
  input: ImportInput,
  options: ImportOptions = {},
): Promise<ImportResponse> {
  assertPast(input.releases, options.now ?? new Date());
  const prepared = await prepare(ctx, projectId, input.releases);
  const repository = input.repository?.toLowerCase() ?? null;
  const { learning, ...tally } = await withEntryEvents(ctx, async (tx, record) => {
    const { withCommits, withoutCommits, ...result } = await store(
      tx,
      record,
      projectId,
      prepared,
      repository,
    );
    const learning = await queueCommitFetch(ctx, tx, projectId, { withCommits, withoutCommits }, repository);
    await recordAudit(tx, projectId, {
      action: 'entries.imported',
      target: { type: 'project', id: projectId },
      details: {
        imported: result.imported,
        replaced: result.replaced,
        skipped: result.skipped.length,
        versions: result.entries.map((e) => e.version),
      },
    });
    return { ...result, learning };
  });
  const response: ImportResponse = {
    ...tally,
    profile: await learnDraftingProfile(ctx, projectId),
    learning,
  };
  if (options.storeResponse) await ctx.sql.begin((tx) => options.storeResponse!(tx, response));
  return response;
}
