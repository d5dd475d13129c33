/**
 * `shiplog import` on the server's side (docs/api.md#import-history-and-the-drafting-profile): a
 * project named by its slug takes a whole changelog's releases, checked as the import route checks them
 * and imported in the calls core/portable/import-batches.ts cuts (each its own transaction, like the
 * API's calls).
 */
import { ImportInputSchema, type ImportResponse } from '../../../core/contract/history.schema.ts';
import { importInBatches } from '../../../core/portable/import-batches.ts';
import { findProjectBySlug } from '../../db/projects.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { importReleases } from './import-releases.ts';

/** @throws InvalidError naming the release and field the route would refuse in `batch`. */
function parseBatch(batch: readonly unknown[], repository: string | undefined) {
  const parsed = ImportInputSchema.safeParse({ releases: batch, ...(repository ? { repository } : {}) });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [head, index, field] = issue.path;
  const where =
    head === 'releases' && typeof index === 'number'
      ? `release ${String((batch[index] as { version?: unknown } | undefined)?.version)}${field === undefined ? '' : ` ${String(field)}`}`
      : issue.path.join('/') || 'the import';
  throw new InvalidError(`${where}: ${issue.message}`, [
    { pointer: `/${issue.path.join('/')}`, detail: issue.message },
  ]);
}

/**
 * @param releases as `POST /api/v1/entries/import` takes them, any number.
 * @returns the calls' answers added up; `profile` as the last call left it.
 * @throws NotFoundError for an unknown slug; InvalidError for a release the route would refuse.
 */
export async function importIntoProject(
  ctx: ServiceContext,
  slug: string,
  releases: readonly unknown[],
  repository?: string,
): Promise<ImportResponse> {
  const project = await findProjectBySlug(ctx.sql, slug);
  if (!project) throw new NotFoundError(`No project with slug "${slug}"`);
  return importInBatches(releases, (batch) => importReleases(ctx, project.id, parseBatch(batch, repository)));
}
