/**
 * `shiplog import` on the server's side (CONTRACT.md "History and the drafting profile"): a project
 * named by its slug takes a whole changelog's releases, checked as the import route checks them and
 * imported in calls of at most 100 (import-releases.ts; each its own transaction, like the API's calls).
 */
import { ImportInputSchema, type ImportResponse } from '../../../core/contract/history.schema.ts';
import { importBatches, type ImportRelease } from '../../../core/plan-import.ts';
import { findProjectBySlug } from '../../db/projects.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { importReleases } from './import-releases.ts';

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
  const total: ImportResponse = {
    imported: 0,
    replaced: 0,
    skipped: [],
    entries: [],
    profile: { releasesLearned: 0 },
  };
  for (const batch of importBatches(releases as ImportRelease[])) {
    const parsed = ImportInputSchema.safeParse({ releases: batch, ...(repository ? { repository } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const [head, index, field] = issue.path;
      const where =
        head === 'releases' && typeof index === 'number'
          ? `release ${String(batch[index]?.version)}${field === undefined ? '' : ` ${String(field)}`}`
          : issue.path.join('/') || 'the import';
      throw new InvalidError(`${where}: ${issue.message}`, [
        { pointer: `/${issue.path.join('/')}`, detail: issue.message },
      ]);
    }
    const result = await importReleases(ctx, project.id, parsed.data);
    total.imported += result.imported;
    total.replaced += result.replaced;
    total.skipped.push(...result.skipped);
    total.entries.push(...result.entries);
    total.profile = result.profile;
  }
  return total;
}
