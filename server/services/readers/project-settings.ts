/**
 * `GET`/`PATCH /api/v1/project` (docs/readers.md#what-an-identified-reader-gets, access; docs/languages.md): a
 * project's settings as one document: name and the widget's look (publishers, as in the dashboard),
 * `access` (owners and keys only: it decides who may read at all), the search language and the
 * languages (`defaultLocale`, `locales`); and whether a reader secret exists (never the secret). A
 * change shows in the widget at once, on every instance.
 */
import type { ProjectSettings, ProjectSettingsInput } from '../../../core/contract/readers.schema.ts';
import { findReaderProjectById, lockReaderProject, updateReaderProject } from '../../db/reader-projects.ts';
import { findReaderSecrets } from '../../db/reader-secrets.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { authorize } from '../accounts/authorize.ts';
import { recordProjectUpdate } from '../accounts/manage-projects.ts';
import type { ServiceContext } from '../context.ts';
import { authorizeReaderAdmin, type ReaderAdmin } from './reader-admin.ts';
import { languageChanges } from '../languages/project-languages.ts';

/** The settings of the caller's project. */
export async function readProjectSettings(
  ctx: Pick<ServiceContext, 'sql'>,
  caller: ReaderAdmin,
): Promise<ProjectSettings> {
  const { project } = caller;
  const audience = await findReaderProjectById(ctx.sql, project.id);
  if (!audience) throw new NotFoundError('The project no longer exists');
  const secret = await findReaderSecrets(ctx.sql, project.id);
  return {
    project: {
      id: project.id,
      name: project.name,
      slug: project.slug,
      plan: project.plan,
      accent: project.accent,
      position: project.position,
      theme: project.theme,
      access: audience.access,
      searchLanguage: audience.searchLanguage,
      defaultLocale: audience.defaultLocale,
      locales: audience.locales,
      readerSecret: secret
        ? {
            createdAt: secret.createdAt.toISOString(),
            previousRetiresAt: secret.previousRetiresAt?.toISOString() ?? null,
          }
        : null,
    },
  };
}

/**
 * Apply `changes` in one transaction, recorded in the audit log.
 * @throws ForbiddenError for a contributor, or a member below owner changing `access`.
 */
export async function changeProjectSettings(
  ctx: Pick<ServiceContext, 'sql' | 'widgetCache'>,
  caller: ReaderAdmin,
  changes: ProjectSettingsInput,
): Promise<ProjectSettings> {
  authorize(caller.role, 'settings.update');
  const { access, searchLanguage, defaultLocale, locales, ...look } = changes;
  if (access !== undefined) authorizeReaderAdmin(caller, 'change who may read the changelog (its access)');
  const project = await ctx.sql.begin(async (tx) => {
    const current = await lockReaderProject(tx, caller.project.id);
    if (!current) throw new NotFoundError('The project no longer exists');
    const languages = languageChanges(current, { defaultLocale, locales, searchLanguage });
    const row = await recordProjectUpdate(tx, caller.project.slug, look, changes);
    if (!row) throw new NotFoundError('The project no longer exists');
    await updateReaderProject(tx, row.id, { access, ...languages });
    return row;
  });
  ctx.widgetCache.invalidate(project.id);
  return readProjectSettings(ctx, { ...caller, project });
}
