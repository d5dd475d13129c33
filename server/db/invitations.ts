/**
 * SQL for invitations to a project. An invitation is pending until accepted or expired; its token is
 * set (replaced) each time its email is sent, and stored only as a SHA-256 hash.
 */
import type { Sql, TransactionSql } from './connect.ts';
import type { Role } from './memberships.ts';

type Db = Sql | TransactionSql;

export type InvitationRow = {
  id: string;
  projectId: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
};

const COLUMNS = (sql: Db) =>
  sql`id, project_id, email, role, invited_by, created_at, expires_at, accepted_at`;

/** A new invitation, replacing a pending one of the same address to the same project. */
export async function replaceInvitation(
  sql: TransactionSql,
  invitation: { id: string; projectId: string; email: string; role: Role; invitedBy: string; days: number },
): Promise<InvitationRow> {
  await sql`
    delete from invitations
    where project_id = ${invitation.projectId} and email = ${invitation.email} and accepted_at is null`;
  const [row] = await sql<InvitationRow[]>`
    insert into invitations (id, project_id, email, role, invited_by, expires_at)
    values (${invitation.id}, ${invitation.projectId}, ${invitation.email}, ${invitation.role},
      ${invitation.invitedBy}, date_trunc('milliseconds', now()) + make_interval(days => ${invitation.days}))
    returning ${COLUMNS(sql)}`;
  return row!;
}

/** The pending (not accepted, not expired) invitations of a project, newest first. */
export async function listPendingInvitations(sql: Db, projectId: string): Promise<InvitationRow[]> {
  return sql<InvitationRow[]>`
    select ${COLUMNS(sql)} from invitations
    where project_id = ${projectId} and accepted_at is null and expires_at > now()
    order by created_at desc, id`;
}

/** Give a pending invitation a new token (its email is being sent). @returns it, or undefined. */
export async function setInvitationToken(
  sql: Db,
  id: string,
  tokenHash: Buffer,
): Promise<InvitationRow | undefined> {
  const [row] = await sql<InvitationRow[]>`
    update invitations set token_hash = ${tokenHash}
    where id = ${id} and accepted_at is null and expires_at > now()
    returning ${COLUMNS(sql)}`;
  return row;
}

/** The pending invitation of a token. `lock`: held until the transaction ends (it is being accepted). */
export async function findPendingInvitation(
  sql: Db,
  tokenHash: Buffer,
  lock = false,
): Promise<InvitationRow | undefined> {
  const [row] = await sql<InvitationRow[]>`
    select ${COLUMNS(sql)} from invitations
    where token_hash = ${tokenHash} and accepted_at is null and expires_at > now()
    ${lock ? sql`for update` : sql``}`;
  return row;
}

export async function markInvitationAccepted(sql: Db, id: string): Promise<void> {
  await sql`update invitations set accepted_at = date_trunc('milliseconds', now()) where id = ${id}`;
}

/** @returns whether a pending invitation of the project was withdrawn. */
export async function deletePendingInvitation(sql: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await sql`
    delete from invitations where project_id = ${projectId} and id = ${id} and accepted_at is null
    returning 1`;
  return rows.length > 0;
}
