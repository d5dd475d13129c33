/**
 * The Shiplog API for the App mounted inside `shiplog serve`: the same operations as the HTTP client
 * (core/shiplog-client.ts `ShiplogApi`), run by the service layer for the project a repository is linked
 * to, with no API key. Inputs are checked with the API's own schemas, and the services' typed errors
 * become the `ShiplogApiError`s the HTTP client would have thrown, so the App cannot tell the two apart.
 * Idempotency needs no stored keys here: a source's draft is one entry by construction.
 */
import type { ZodType } from 'zod';
import { UpdateEntryInputSchema } from '../../../core/contract/entries.schema.ts';
import { GenerateInputSchema } from '../../../core/contract/generate.schema.ts';
import { type ShiplogApi, ShiplogApiError } from '../../../core/shiplog-client.ts';
import { type EntryRow, findEntry } from '../../db/entries.ts';
import { findLinkedProjectId } from '../../db/github.ts';
import { findProjectById, type ProjectRow } from '../../db/projects.ts';
import { reactionCounts } from '../../db/reactions.ts';
import { NotFoundError, ShiplogError } from '../../errors.ts';
import { problemFor } from '../../plugins/errors.ts';
import { invalidFromZod } from '../../plugins/validate.ts';
import type { ServiceContext } from '../context.ts';
import { deleteEntry } from '../delete-entry.ts';
import { generateEntry } from '../generate-entry.ts';
import { presentEntry, presentGenerated } from '../present-entry.ts';
import { entryLinks } from '../preview-link.ts';
import { publishEntry } from '../publish-entry.ts';
import { updateEntry } from '../update-entry.ts';

type Log = { warn: (obj: object, msg: string) => void };

function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidFromZod(parsed.error);
  return parsed.data;
}

/** Service errors as the HTTP client reports them. */
async function asApi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ShiplogError)
      throw new ShiplogApiError(err.status, problemFor(err, 'in-process'), err.message);
    throw err;
  }
}

export function inProcessShiplog(ctx: ServiceContext, project: ProjectRow, log: Log): ShiplogApi {
  const present = async (row: EntryRow) => {
    const reactions = await reactionCounts(ctx.sql, project.reactions, [row.id]);
    return presentEntry(row, {
      reactions: reactions.get(row.id),
      ...entryLinks(ctx.config.publicUrl, project.slug, row, ctx.previewSecret),
    });
  };
  return {
    generate: (input) =>
      asApi(async () => {
        const outcome = await generateEntry(ctx, project, parse(GenerateInputSchema, input), log);
        return { ...presentGenerated(outcome), replayed: false };
      }),
    getEntry: (id) =>
      asApi(async () => {
        const row = await findEntry(ctx.sql, project.id, id);
        if (!row) throw new NotFoundError(`No entry ${id} in this project`);
        return present(row);
      }),
    updateEntry: (id, changes) =>
      asApi(async () =>
        present(await updateEntry(ctx, project.id, id, parse(UpdateEntryInputSchema, changes))),
      ),
    publishEntry: (id) => asApi(async () => present(await publishEntry(ctx, project.id, id))),
    deleteEntry: (id) =>
      asApi(async () => {
        await deleteEntry(ctx, project.id, id);
      }),
  };
}

/**
 * The App's `shiplogFor`: the linked project's API, or null when the repository is not linked or its
 * project is on the free plan (which has no API).
 */
export function linkedShiplog(
  ctx: ServiceContext,
  log: Log,
): (repository: string) => Promise<ShiplogApi | null> {
  return async (repository) => {
    const projectId = await findLinkedProjectId(ctx.sql, repository.toLowerCase());
    const project = projectId ? await findProjectById(ctx.sql, projectId) : undefined;
    if (!project) return null;
    if (project.plan === 'free') {
      log.warn(
        { repository, project: project.slug },
        'the linked project is on the free plan, which has no API',
      );
      return null;
    }
    return inProcessShiplog(ctx, project, log);
  };
}
