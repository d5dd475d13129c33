/** SQL for project memberships: who belongs to which project, with which role (docs/api.md#roles). */
import { ROLES } from '../../core/contract/accounts.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';
import type { ProjectRow } from './projects.ts';

type Db = Sql | TransactionSql;

export { ROLES };
export type Role = (typeof ROLES)[number];

export type MemberRow = { userId: string; email: string; role: Role; createdAt: Date };

/** Add a member; one who is a member already keeps the role they have. */
export async function insertMembership(
  sql: Db,
  membership: { projectId: string; userId: string; role: Role },
): Promise<void> {
  await sql`
    insert into memberships (project_id, user_id, role)
    values (${membership.projectId}, ${membership.userId}, ${membership.role})
    on conflict (project_id, user_id) do nothing`;
}

/** The project of `slug` and the user's role in it (null when not a member); undefined: no such project. */
export async function findProjectAccess(
  sql: Db,
  slug: string,
  userId: string,
): Promise<{ project: ProjectRow; role: Role | null } | undefined> {
  const [row] = await sql<(ProjectRow & { memberRole: Role | null })[]>`
    select p.*, m.role as member_role
    from projects p left join memberships m on m.project_id = p.id and m.user_id = ${userId}
    where p.slug = ${slug}`;
  if (!row) return undefined;
  const { memberRole, ...project } = row;
  return { project, role: memberRole };
}

/** The user's projects with their role, by name. */
export async function listUserProjects(
  sql: Db,
  userId: string,
): Promise<(Pick<ProjectRow, 'id' | 'name' | 'slug' | 'plan'> & { role: Role })[]> {
  return sql`
    select p.id, p.name, p.slug, p.plan, m.role
    from memberships m join projects p on p.id = m.project_id
    where m.user_id = ${userId}
    order by p.name, p.slug`;
}

export async function listMembers(sql: Db, projectId: string): Promise<MemberRow[]> {
  return sql<MemberRow[]>`
    select m.user_id, u.email, m.role, m.created_at
    from memberships m join users u on u.id = m.user_id
    where m.project_id = ${projectId}
    order by m.created_at, u.email`;
}

export async function findMember(sql: Db, projectId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await sql<MemberRow[]>`
    select m.user_id, u.email, m.role, m.created_at
    from memberships m join users u on u.id = m.user_id
    where m.project_id = ${projectId} and m.user_id = ${userId}`;
  return row;
}

/**
 * Lock the project's row until the transaction ends: membership changes of one project take turns, so
 * two owners demoting each other at once cannot leave it with none.
 */
export async function lockProjectMemberships(sql: TransactionSql, projectId: string): Promise<void> {
  await sql`select 1 from projects where id = ${projectId} for update`;
}

export async function countOwners(sql: Db, projectId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from memberships where project_id = ${projectId} and role = 'owner'`;
  return row!.n;
}

export async function setMemberRole(sql: Db, projectId: string, userId: string, role: Role): Promise<void> {
  await sql`update memberships set role = ${role} where project_id = ${projectId} and user_id = ${userId}`;
}

export async function deleteMembership(sql: Db, projectId: string, userId: string): Promise<void> {
  await sql`delete from memberships where project_id = ${projectId} and user_id = ${userId}`;
}
