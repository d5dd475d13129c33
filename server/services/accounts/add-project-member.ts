/**
 * The operator's side of membership (docs/configuration.md#cli): `shiplog members add <slug> <email>
 * --role owner|publisher|contributor` makes an existing account a member of a project (or changes the
 * role of one who is), and `shiplog projects create` gives its project an owner, so a project made from
 * the command line is not invisible in the dashboard to the people who run it. The dashboard's own rules
 * hold: an account comes from the setup link or an invitation, and a project keeps an owner.
 */
import type { Sql, TransactionSql } from '../../db/connect.ts';
import { findMember, insertMembership, type MemberRow, type Role, ROLES } from '../../db/memberships.ts';
import { findProjectBySlug, type ProjectRow } from '../../db/projects.ts';
import { findOnlyUser, findUserByEmail, type UserRow } from '../../db/users.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import { changeMemberRole } from './manage-members.ts';

const noAccount = (email: string) =>
  new NotFoundError(
    `No account with email ${email}: an account is made by the setup link (npx shiplog setup-link) or by accepting an invitation`,
  );

/**
 * The owner a new project gets: the account of `email` when given, else the only account when exactly
 * one exists, else none (the caller says how to add one).
 * @throws NotFoundError when `email` names no account.
 */
export async function ownerOfNewProject(tx: TransactionSql, email?: string): Promise<UserRow | null> {
  if (email === undefined) return (await findOnlyUser(tx)) ?? null;
  const user = await findUserByEmail(tx, email.trim().toLowerCase());
  if (!user) throw noAccount(email);
  return user;
}

/**
 * Make the account of `email` a member of project `slug` with `role`; a member already has their role
 * changed (the last owner cannot be demoted, as in the dashboard).
 * @returns the project, the member as they now are, and whether they were `added`, `changed` or `unchanged`.
 * @throws NotFoundError for an unknown slug or address; InvalidError for an unknown role;
 *   ConflictError when it would demote the last owner.
 */
export async function addProjectMember(
  sql: Sql,
  input: { slug: string; email: string; role: string },
): Promise<{ project: ProjectRow; member: MemberRow; outcome: 'added' | 'changed' | 'unchanged' }> {
  if (!(ROLES as readonly string[]).includes(input.role))
    throw new InvalidError(`role: must be one of ${ROLES.join(', ')}`, [
      { pointer: '/role', detail: `must be one of ${ROLES.join(', ')}` },
    ]);
  const role = input.role as Role;
  const project = await findProjectBySlug(sql, input.slug);
  if (!project) throw new NotFoundError(`No project with slug "${input.slug}"`);
  const user = await findUserByEmail(sql, input.email.trim().toLowerCase());
  if (!user) throw noAccount(input.email);
  const existing = await findMember(sql, project.id, user.id);
  if (existing) {
    if (existing.role === role) return { project, member: existing, outcome: 'unchanged' };
    const member = await changeMemberRole({ sql }, { project, role: 'owner' }, user.id, role);
    return { project, member, outcome: 'changed' };
  }
  await insertMembership(sql, { projectId: project.id, userId: user.id, role });
  return { project, member: (await findMember(sql, project.id, user.id))!, outcome: 'added' };
}
