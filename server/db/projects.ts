/** SQL for projects. Plain functions taking `sql` (or a transaction); rows come back camelCased. */
import { PLANS, POSITIONS, THEMES } from '../../core/contract/readers.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';
import type { Access } from './reader-projects.ts';

export { PLANS, POSITIONS, THEMES };
export type Plan = (typeof PLANS)[number];
export type Position = (typeof POSITIONS)[number];
export type Theme = (typeof THEMES)[number];

export type ProjectRow = {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  accent: string;
  position: Position;
  theme: Theme;
  /** The emoji readers may react with, in display order. */
  reactions: string[];
  /** `identified`: only readers with a valid token see it; it emails no one (migration 0016). */
  access: Access;
  /** The language of entries' own text, BCP 47 canonical (migration 0018; docs/languages.md). */
  defaultLocale: string;
  /** 0-20 other locales entries may be translated into. */
  locales: string[];
  createdAt: Date;
  updatedAt: Date;
};

export type ProjectSettings = Partial<
  Pick<ProjectRow, 'name' | 'plan' | 'accent' | 'position' | 'theme' | 'reactions'>
>;

type Db = Sql | TransactionSql;

export async function insertProject(
  sql: Db,
  project: Pick<ProjectRow, 'id' | 'name' | 'slug' | 'plan'>,
): Promise<ProjectRow> {
  const [row] = await sql<ProjectRow[]>`
    insert into projects (id, name, slug, plan)
    values (${project.id}, ${project.name}, ${project.slug}, ${project.plan})
    returning *`;
  return row!;
}

export async function findProjectById(sql: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await sql<ProjectRow[]>`select * from projects where id = ${id}`;
  return row;
}

export async function findProjectBySlug(sql: Db, slug: string): Promise<ProjectRow | undefined> {
  const [row] = await sql<ProjectRow[]>`select * from projects where slug = ${slug}`;
  return row;
}

export async function countProjects(sql: Db): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from projects`;
  return row!.n;
}

/** Project ids by slug, for the slugs that exist. */
export async function findProjectIdsBySlugs(sql: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await sql<
    { id: string; slug: string }[]
  >`select id, slug from projects where slug in ${sql(slugs as string[])}`;
  return new Map(rows.map((p) => [p.slug, p.id]));
}

/** @returns the updated row, or undefined when no project has that slug. */
export async function updateProject(
  sql: Db,
  slug: string,
  changes: ProjectSettings,
): Promise<ProjectRow | undefined> {
  const columns = Object.keys(changes) as (keyof ProjectSettings)[];
  if (columns.length === 0) return findProjectBySlug(sql, slug);
  const [row] = await sql<ProjectRow[]>`
    update projects set ${sql(changes, ...columns)}, updated_at = date_trunc('milliseconds', now())
    where slug = ${slug}
    returning *`;
  return row;
}

/** Delete a project and, by cascade, everything of it. @returns whether it existed. */
export async function deleteProject(sql: Db, id: string): Promise<boolean> {
  const rows = await sql`delete from projects where id = ${id} returning 1`;
  return rows.length > 0;
}
