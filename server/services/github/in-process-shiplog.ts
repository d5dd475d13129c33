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
import { findLinkedProjectId, mayDraftInto } from '../../db/github.ts';
import { findProjectById, findProjectBySlug, type ProjectRow } from '../../db/projects.ts';
import { ShiplogError } from '../../errors/errors.ts';
import { invalidFromZod, problemFor } from '../../errors/problem-documents.ts';
import type { Role } from '../accounts/authorize.ts';
import type { ServiceContext } from '../context.ts';
import { deleteEntry } from '../entries/delete-entry.ts';
import { generateEntry } from '../drafting/generate-entry.ts';
import { getEntry, presentEntryRecord } from '../entries/get-entry.ts';
import { presentGenerated } from '../drafting/present-generated.ts';
import { publishEntry } from '../entries/publish-entry.ts';
import { updateEntry } from '../entries/update-entry.ts';

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

/**
 * The App acts as an API key does: with a publisher's rights on its linked project (who may run a
 * `/shiplog` command is decided on GitHub: write, maintain or admin on the repository).
 */
const APP_ROLE: Role = 'publisher';

export function inProcessShiplog(ctx: ServiceContext, project: ProjectRow, log: Log): ShiplogApi {
  const present = (row: Parameters<typeof presentEntryRecord>[2]) => presentEntryRecord(ctx, project, row);
  return {
    generate: (input) =>
      asApi(async () => {
        const outcome = await generateEntry(ctx, project, APP_ROLE, parse(GenerateInputSchema, input), log);
        return { ...presentGenerated(outcome), replayed: false };
      }),
    getEntry: (id) => asApi(() => getEntry(ctx, project, id)),
    updateEntry: (id, changes) =>
      asApi(async () =>
        present(await updateEntry(ctx, project.id, id, parse(UpdateEntryInputSchema, changes), APP_ROLE)),
      ),
    publishEntry: (id) => asApi(async () => present(await publishEntry(ctx, project.id, id))),
    deleteEntry: (id) =>
      asApi(async () => {
        await deleteEntry(ctx, project.id, id);
      }),
  };
}

/**
 * The App's `shiplogFor`: the linked project's API (or, for a monorepo component with its own
 * `project`, that project's, when the repository's project may draft into it: db/github.ts
 * `mayDraftInto`), or null when the repository is not linked or the project is on the free plan
 * (which has no API).
 */
export function linkedShiplog(
  ctx: ServiceContext,
  log: Log,
): (repository: string, projectSlug?: string) => Promise<ShiplogApi | null> {
  return async (repository, projectSlug) => {
    const projectId = await findLinkedProjectId(ctx.sql, repository.toLowerCase());
    let project = projectId ? await findProjectById(ctx.sql, projectId) : undefined;
    if (!project) return null;
    if (projectSlug !== undefined && projectSlug !== project.slug) {
      const other = await findProjectBySlug(ctx.sql, projectSlug);
      if (!other || !(await mayDraftInto(ctx.sql, project.id, other.id))) {
        log.warn(
          { repository, project: projectSlug },
          "a component's project does not exist or shares no owner with the repository's project",
        );
        return null;
      }
      project = other;
    }
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
