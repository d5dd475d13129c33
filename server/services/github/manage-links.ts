/**
 * Which Shiplog project a repository's pull requests and releases go to (docs/github-app.md#github-app:
 * `shiplog github link|unlink|links`). Names are stored lower-case: GitHub's are case-insensitive.
 * A project on the free plan has no API, so it cannot be linked (the App is an API client).
 */
import { z } from 'zod';
import type { Sql } from '../../db/connect.ts';
import { deleteLink, type GithubLinkRow, listLinks, upsertLink } from '../../db/github.ts';
import { findProjectBySlug } from '../../db/projects.ts';
import { NotFoundError, UpgradeRequiredError } from '../../errors/errors.ts';
import { invalidFromZod } from '../../errors/problem-documents.ts';

export const RepositorySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/, 'must be "owner/name"')
  .transform((s) => s.toLowerCase());

function parseRepository(value: unknown): string {
  const parsed = RepositorySchema.safeParse(value);
  if (!parsed.success) throw invalidFromZod(parsed.error, '/repository');
  return parsed.data;
}

export async function linkRepository(
  sql: Sql,
  repository: unknown,
  projectSlug: string,
): Promise<GithubLinkRow> {
  const name = parseRepository(repository);
  const project = await findProjectBySlug(sql, projectSlug);
  if (!project) throw new NotFoundError(`No project with slug ${projectSlug}`);
  if (project.plan === 'free') throw new UpgradeRequiredError(project.slug);
  return { ...(await upsertLink(sql, name, project.id)), projectSlug: project.slug };
}

export async function unlinkRepository(sql: Sql, repository: unknown): Promise<string> {
  const name = parseRepository(repository);
  if (!(await deleteLink(sql, name))) throw new NotFoundError(`${name} is not linked to a project`);
  return name;
}

export { listLinks };
