/**
 * POST /api/analytics (CONTRACT.md "POST /api/analytics"): widget events written in one multi-row
 * insert. Every project slug must exist (`404`), and an `entryId` must be a published external entry
 * of that project: a draft or an internal entry is refused exactly like an id that does not exist
 * (`400` at its field), so the answer never tells whether one does.
 */
import type { AnalyticsEventInput } from '../../../core/contract/public.schema.ts';
import { insertEvents } from '../../db/analytics.ts';
import { findProjectIdsBySlugs } from '../../db/projects.ts';
import { findPublicEntryProjects } from '../../db/public-entries.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';

/**
 * @param pointerOf the JSON Pointer of event `i` in the request (`/events/3`, or `''` for one event).
 * @returns how many events were stored.
 */
export async function recordAnalyticsEvents(
  ctx: ServiceContext,
  events: readonly AnalyticsEventInput[],
  pointerOf: (i: number) => string,
): Promise<number> {
  const slugs = [...new Set(events.map((e) => e.project))];
  const entryIds = [...new Set(events.flatMap((e) => (e.entryId ? [e.entryId] : [])))];
  const projectBySlug = await findProjectIdsBySlugs(ctx.sql, slugs);
  const missing = slugs.find((s) => !projectBySlug.has(s));
  if (missing) throw new NotFoundError(`No project with slug "${missing}"`);
  const entryProject = await findPublicEntryProjects(ctx.sql, entryIds);
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
      anonymousId: e.anonymousId,
      url: e.url ?? null,
    })),
  );
}
