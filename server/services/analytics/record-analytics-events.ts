/**
 * POST /api/analytics (docs/api.md#public-engagement-no-key-cors-): widget events written in one multi-row
 * insert. Every project slug must exist (`404`), and an `entryId` must be a published external entry
 * of that project: a draft or an internal entry is refused exactly like an id that does not exist
 * (`400` at its field), so the answer never tells whether one does. With a reader token the events are
 * the identified reader's, kept under their `sub` as their reactions are (docs/readers.md#what-an-identified-reader-gets); a token that does not verify for every project named, or none for an identified
 * project, is `401`.
 */
import type { AnalyticsEventInput } from '../../../core/contract/public.schema.ts';
import { insertEvents } from '../../db/analytics.ts';
import { findReaderProjectBySlug } from '../../db/reader-projects.ts';
import { readerReactionId } from '../../db/reader-states.ts';
import { findPublicEntryProjects } from '../../db/public-entries.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { identifyReader } from '../readers/identify-reader.ts';
import { type Reader, readerSegments } from '../reader.ts';

/**
 * The project id of each slug and the reader each event counts for (`reader:<sub>`, or null for the
 * event's own anonymous id). @throws NotFoundError for an unknown slug; UnauthorizedError (above).
 */
async function projectsAndReaders(
  ctx: ServiceContext,
  slugs: readonly string[],
  readerToken: string | undefined,
): Promise<Map<string, { id: string; reader: Reader | null }>> {
  const found = new Map<string, { id: string; reader: Reader | null }>();
  for (const slug of slugs) {
    const project = await findReaderProjectBySlug(ctx.sql, slug);
    if (!project) throw new NotFoundError(`No project with slug "${slug}"`);
    found.set(slug, { id: project.id, reader: await identifyReader(ctx.sql, project, readerToken) });
  }
  return found;
}

/**
 * @param pointerOf the JSON Pointer of event `i` in the request (`/events/3`, or `''` for one event).
 * @param readerToken the reader token sent with the request (undefined: an anonymous reader).
 * @returns how many events were stored.
 */
export async function recordAnalyticsEvents(
  ctx: ServiceContext,
  events: readonly AnalyticsEventInput[],
  pointerOf: (i: number) => string,
  readerToken?: string,
): Promise<number> {
  const slugs = [...new Set(events.map((e) => e.project))];
  const entryIds = [...new Set(events.flatMap((e) => (e.entryId ? [e.entryId] : [])))];
  const projects = await projectsAndReaders(ctx, slugs, readerToken);
  const projectBySlug = new Map([...projects].map(([slug, p]) => [slug, p.id]));
  // One token for every project named: the same reader, with the same segments, wherever it verified.
  const reader = [...projects.values()].find((p) => p.reader)?.reader ?? null;
  const entryProject = await findPublicEntryProjects(ctx.sql, entryIds, readerSegments(reader));
  const errors = events.flatMap((e, i) =>
    e.entryId && entryProject.get(e.entryId) !== projectBySlug.get(e.project)
      ? [
          {
            pointer: `${pointerOf(i)}/entryId`,
            detail: `No published entry ${e.entryId} in project ${e.project}`,
          },
        ]
      : [],
  );
  if (errors.length) throw new InvalidError(errors[0]!.detail, errors);
  return insertEvents(
    ctx.sql,
    events.map((e) => ({
      projectId: projectBySlug.get(e.project)!,
      entryId: e.entryId ?? null,
      type: e.type,
      anonymousId: readerIdOf(projects.get(e.project)!.reader) ?? e.anonymousId,
      url: e.url ?? null,
    })),
  );
}

const readerIdOf = (reader: Reader | null) => (reader ? readerReactionId(reader.sub) : null);
