/**
 * Projects as the dashboard manages them (docs/api.md#dashboard-api): any signed-in user creates one
 * (on the free plan) and becomes its owner; publishers change its settings; owners delete it. The plan
 * stays the operator's (`shiplog projects update --plan`).
 */
import { z } from 'zod';
import type { Sql, TransactionSql } from '../../db/connect.ts';
import { insertMembership } from '../../db/memberships.ts';
import { notifyProjectChanged } from '../../db/notifications.ts';
import { deleteProject, insertProject, type ProjectRow } from '../../db/projects.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ConflictError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import {
  ProjectNameSchema,
  type ProjectSettingsInput,
  ProjectSlugSchema,
  updateProjectSettings,
} from './manage-projects.ts';
import { newId } from '../../db/new-id.ts';
import { authorize, type Role } from './authorize.ts';
import { recordAudit } from '../audit/record-audit.ts';

export const NewProjectSchema = z.strictObject({
  name: ProjectNameSchema,
  slug: ProjectSlugSchema,
});
export type NewProject = z.infer<typeof NewProjectSchema>;

/** Insert a free project and make `userId` its owner, in the caller's transaction. */
export async function insertOwnedProject(
  tx: TransactionSql,
  userId: string,
  input: NewProject,
): Promise<ProjectRow> {
  const project = await insertProject(tx, { id: newId('prj'), ...input, plan: 'free' });
  await insertMembership(tx, { projectId: project.id, userId, role: 'owner' });
  return project;
}

/** @throws ConflictError when the slug is taken. */
export async function createOwnedProject(sql: Sql, userId: string, input: NewProject): Promise<ProjectRow> {
  try {
    return await sql.begin(async (tx) => {
      const project = await insertOwnedProject(tx, userId, input);
      await recordAudit(tx, project.id, {
        action: 'project.created',
        target: { type: 'project', id: project.id },
        details: { name: project.name, slug: project.slug },
      });
      return project;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(input.slug);
    throw err;
  }
}

export function slugTaken(slug: string): ConflictError {
  return new ConflictError(`A project with slug "${slug}" already exists`);
}

/** Change name or widget settings (publisher or higher); the widget shows it at once. */
export async function updateOwnedProject(
  ctx: Pick<ServiceContext, 'sql' | 'widgetCache'>,
  access: { project: ProjectRow; role: Role },
  changes: ProjectSettingsInput,
): Promise<ProjectRow> {
  authorize(access.role, 'settings.update');
  const project = await updateProjectSettings(ctx.sql, access.project.slug, changes);
  ctx.widgetCache.invalidate(project.id);
  return project;
}

/** Delete the project and everything of it (owner only): gone from the widget and feeds at once. */
export async function deleteOwnedProject(
  ctx: Pick<ServiceContext, 'sql' | 'widgetCache'>,
  access: { project: ProjectRow; role: Role },
): Promise<void> {
  authorize(access.role, 'project.delete');
  await ctx.sql.begin(async (tx) => {
    await deleteProject(tx, access.project.id);
    await notifyProjectChanged(tx, access.project.id);
  });
  ctx.widgetCache.invalidate(access.project.id);
}
