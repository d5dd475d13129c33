/**
 * Projects and their API keys, as the CLI manages them (docs/configuration.md#configuration). Inputs are validated
 * here with zod so that the CLI and the admin socket share one set of rules.
 */
import { z } from 'zod';
import { cleanText } from '../../../core/contract/control-characters.ts';
import { type ApiKeyRow, insertApiKey, listApiKeys, revokeApiKey } from '../../db/api-keys.ts';
import type { Sql, TransactionSql } from '../../db/connect.ts';
import { notifyProjectChanged } from '../../db/notifications.ts';
import {
  findProjectBySlug,
  insertProject,
  PLANS,
  POSITIONS,
  type ProjectRow,
  type ProjectSettings as ProjectColumns,
  THEMES,
  updateProject,
} from '../../db/projects.ts';
import { ConflictError, NotFoundError } from '../../errors/errors.ts';
import { invalidFromZod } from '../../errors/problem-documents.ts';
import { generateApiKey, hashApiKey } from './api-key-format.ts';
import { newId } from '../../db/new-id.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { insertMembership } from '../../db/memberships.ts';
import { ownerOfNewProject } from './add-project-member.ts';

export const ProjectSlugSchema = z
  .string()
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/,
    'must be 1-64 characters of a-z, 0-9 and "-", not starting or ending with "-"',
  );

/** A project's name: it titles its page and feeds, so control characters are stripped (control-characters.ts). */
export const ProjectNameSchema = cleanText().trim().min(1).max(100);

const CreateProjectSchema = z.strictObject({
  name: ProjectNameSchema,
  slug: ProjectSlugSchema,
  plan: z.enum(PLANS).default('free'),
});

/** A project's settings (name and the widget's look): the dashboard changes these, the CLI too. */
export const ProjectSettingsSchema = z.strictObject({
  name: ProjectNameSchema.optional(),
  accent: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #2563eb')
    .optional(),
  position: z.enum(POSITIONS).optional(),
  theme: z.enum(THEMES).optional(),
});
export type ProjectSettingsInput = z.infer<typeof ProjectSettingsSchema>;

/** The CLI's `projects update`: the settings, and the plan and reactions the operator sets. */
const UpdateProjectSchema = ProjectSettingsSchema.extend({
  plan: z.enum(PLANS).optional(),
  /** "👍,🎉,❤️": 1-12 distinct emoji. */
  reactions: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== ''),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(16)
            .regex(/^\p{Extended_Pictographic}/u, 'must be an emoji'),
        )
        .min(1)
        .max(12)
        .refine((list) => new Set(list).size === list.length, 'must not repeat an emoji'),
    )
    .optional(),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidFromZod(result.error);
  return result.data;
}

async function issueKey(
  sql: Sql | TransactionSql,
  projectId: string,
  name: string | null = null,
): Promise<{ apiKey: string; row: ApiKeyRow }> {
  const apiKey = generateApiKey();
  const row = await insertApiKey(sql, {
    id: newId('key'),
    projectId,
    hash: hashApiKey(apiKey),
    last4: apiKey.slice(-4),
    name,
  });
  return { apiKey, row };
}

/**
 * Create a project and its first API key, atomically. The key is returned once and never again.
 * @param owner with it (the CLI), the project gets an owner: the account of `owner.email`, else the only
 *   account when exactly one exists (add-project-member.ts); `owner` in the answer is who, or null.
 * @throws NotFoundError when `owner.email` names no account (nothing is created).
 */
export async function createProject(
  sql: Sql,
  input: { name?: unknown; slug?: unknown; plan?: unknown },
  owner?: { email?: string | undefined },
): Promise<{ project: ProjectRow; apiKey: string; owner: string | null }> {
  const data = parse(CreateProjectSchema, input);
  try {
    return await sql.begin(async (tx) => {
      const user = owner ? await ownerOfNewProject(tx, owner.email) : null;
      const project = await insertProject(tx, { id: newId('prj'), ...data });
      if (user) await insertMembership(tx, { projectId: project.id, userId: user.id, role: 'owner' });
      const { apiKey } = await issueKey(tx, project.id);
      return { project, apiKey, owner: user?.email ?? null };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`A project with slug "${data.slug}" already exists`);
    throw err;
  }
}

/** Change plan or widget settings; every instance's widget cache hears of it at commit. */
export async function updateProjectSettings(
  sql: Sql,
  slug: string,
  input: Record<string, unknown>,
): Promise<ProjectRow> {
  const changes = parse(UpdateProjectSchema, input);
  return sql.begin(async (tx) => {
    const project = await recordProjectUpdate(tx, slug, changes, changes);
    if (!project) throw new NotFoundError(`No project with slug "${slug}"`);
    return project;
  });
}

/**
 * In `tx`: write `columns` to the project `slug`, tell every instance at commit (their widget caches
 * drop it), and audit `project.updated` with `details` (what the caller asked to change).
 * @returns the updated row, or undefined when no project has that slug (nothing written then).
 */
export async function recordProjectUpdate(
  tx: TransactionSql,
  slug: string,
  columns: ProjectColumns,
  details: Record<string, unknown>,
): Promise<ProjectRow | undefined> {
  const project = await updateProject(tx, slug, columns);
  if (!project) return undefined;
  await notifyProjectChanged(tx, project.id);
  await recordAudit(tx, project.id, {
    action: 'project.updated',
    target: { type: 'project', id: project.id },
    details,
  });
  return project;
}

async function requireProject(sql: Sql | TransactionSql, slug: string): Promise<ProjectRow> {
  const project = await findProjectBySlug(sql, slug);
  if (!project) throw new NotFoundError(`No project with slug "${slug}"`);
  return project;
}

/** @param name what the key is for (the dashboard's keys have one). The key is returned once. */
export async function createApiKey(
  sql: Sql | TransactionSql,
  slug: string,
  name: string | null = null,
): Promise<{ apiKey: string; row: ApiKeyRow }> {
  const project = await requireProject(sql, slug);
  return issueKey(sql, project.id, name);
}

export async function listProjectKeys(sql: Sql, slug: string): Promise<ApiKeyRow[]> {
  return listApiKeys(sql, (await requireProject(sql, slug)).id);
}

/** @param projectId when given, only a key of that project (else `404`, as for an unknown id). */
export async function revokeKey(
  sql: Sql | TransactionSql,
  keyId: string,
  projectId?: string,
): Promise<ApiKeyRow> {
  const row = await revokeApiKey(sql, keyId, projectId);
  if (!row) throw new NotFoundError(`No API key ${keyId}`);
  return row;
}
