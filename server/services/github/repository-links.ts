/**
 * The dashboard's GitHub page (docs/api.md#github-page): the repositories the App is installed
 * on (from the `installation` events it received, db/github-installations.ts), each with its link to
 * this project, and the last webhook deliveries about it and how they ended; link or unlink one.
 * A repository linked to another project shows only that it is taken (never which project), and cannot
 * be linked here until it is unlinked there: a project's members must not take another team's
 * repository. The CLI's `shiplog github link` (the operator's) stays as it is and may move a link.
 */
import {
  deleteProjectLink,
  findLink,
  lastDeliveries,
  listProjectLinks,
  upsertLink,
} from '../../db/github.ts';
import { listInstalledRepositories } from '../../db/github-installations.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { ConflictError, NotFoundError, UpgradeRequiredError } from '../../errors/errors.ts';
import { invalidFromZod } from '../../errors/problem-documents.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ServiceContext } from '../context.ts';
import { RepositorySchema } from './manage-links.ts';

/** Deliveries shown per repository. */
export const DELIVERIES_SHOWN = 5;

export type RepositoryLink = 'this' | 'other' | null;

/**
 * Installed repositories first (by name), then repositories linked here the App has not told us of
 * (linked by the CLI before the App was installed, or after it was removed from them).
 */
export async function listGithubRepositories(ctx: Pick<ServiceContext, 'sql'>, project: ProjectRow) {
  const installed = await listInstalledRepositories(ctx.sql);
  const known = new Set(installed.map((r) => r.repository));
  const linkedOnly = (await listProjectLinks(ctx.sql, project.id)).filter((l) => !known.has(l.repository));
  const rows = [
    ...installed.map((r) => ({
      repository: r.repository,
      installed: true,
      account: r.account,
      private: r.private,
      link: (r.projectId === null ? null : r.projectId === project.id ? 'this' : 'other') as RepositoryLink,
    })),
    ...linkedOnly.map((l) => ({
      repository: l.repository,
      installed: false,
      account: l.repository.split('/')[0]!,
      private: null,
      link: 'this' as RepositoryLink,
    })),
  ];
  // Deliveries of repositories another project holds are that project's business.
  const visible = rows.filter((r) => r.link !== 'other').map((r) => r.repository);
  const deliveries = await lastDeliveries(ctx.sql, visible, DELIVERIES_SHOWN);
  return rows.map((r) => ({
    ...r,
    lastDeliveries: deliveries
      .filter((d) => d.repository === r.repository)
      .map((d) => ({
        id: d.id,
        event: d.event,
        status: d.status,
        error: d.error,
        receivedAt: d.receivedAt.toISOString(),
        finishedAt: d.finishedAt?.toISOString() ?? null,
      })),
  }));
}

/**
 * Link an installed repository to the project (publisher or higher; free projects cannot, as with the CLI).
 * @throws InvalidError for a malformed name; NotFoundError when the App is not installed on it;
 *   ConflictError when another project holds it; UpgradeRequiredError on the free plan.
 */
export async function linkGithubRepository(
  ctx: Pick<ServiceContext, 'sql'>,
  project: ProjectRow,
  repository: string,
): Promise<void> {
  const parsed = RepositorySchema.safeParse(repository);
  if (!parsed.success) throw invalidFromZod(parsed.error, '/repository');
  const name = parsed.data;
  if (project.plan === 'free') throw new UpgradeRequiredError(project.slug);
  const installed = await listInstalledRepositories(ctx.sql);
  if (!installed.some((r) => r.repository === name))
    throw new NotFoundError(`The GitHub App is not installed on ${name}: install it there first`);
  await ctx.sql.begin(async (tx) => {
    const existing = await findLink(tx, name);
    if (existing?.projectId === project.id) return;
    if (existing) throw new ConflictError(`${name} is linked to another project; unlink it there first`);
    await upsertLink(tx, name, project.id);
    await recordAudit(tx, project.id, {
      action: 'github.linked',
      target: { type: 'repository', id: name },
    });
  });
}

/** @throws NotFoundError when the repository is not linked to this project. */
export async function unlinkGithubRepository(
  ctx: Pick<ServiceContext, 'sql'>,
  project: ProjectRow,
  repository: string,
): Promise<void> {
  const name = repository.toLowerCase();
  await ctx.sql.begin(async (tx) => {
    if (!(await deleteProjectLink(tx, name, project.id)))
      throw new NotFoundError(`${name} is not linked to this project`);
    await recordAudit(tx, project.id, {
      action: 'github.unlinked',
      target: { type: 'repository', id: name },
    });
  });
}
