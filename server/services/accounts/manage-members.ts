/**
 * Members of a project and invitations (docs/api.md#roles): every member sees the members; an
 * owner invites by email (the link is valid 7 days), changes roles and removes members; any member may
 * leave. A project always keeps an owner: the last one can neither leave nor be demoted (409).
 */
import { findProjectById, type ProjectRow } from '../../db/projects.ts';
import {
  deletePendingInvitation,
  type InvitationRow,
  listPendingInvitations,
  replaceInvitation,
  setInvitationToken,
} from '../../db/invitations.ts';
import {
  countOwners,
  deleteMembership,
  findMember,
  listMembers as listMemberRows,
  lockProjectMemberships,
  type MemberRow,
  setMemberRole,
} from '../../db/memberships.ts';
import { findUserByEmail, findUserById } from '../../db/users.ts';
import { ConflictError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { enqueueAccountEmail } from './account-email-queue.ts';
import { authorize, can, type Role } from './authorize.ts';
import { invitationEmail } from './render-account-email.ts';
import { newSecretToken } from './secret-token.ts';

export const INVITATION_DAYS = 7;

type Access = { project: ProjectRow; role: Role };

/** The members; pending invitations too when `access` may manage members (owners). */
export async function listMembers(
  ctx: Pick<ServiceContext, 'sql'>,
  access: Access,
): Promise<{ members: MemberRow[]; invitations: InvitationRow[] | null }> {
  authorize(access.role, 'members.read');
  const members = await listMemberRows(ctx.sql, access.project.id);
  const invitations = can(access.role, 'members.manage')
    ? await listPendingInvitations(ctx.sql, access.project.id)
    : null;
  return { members, invitations };
}

/**
 * Invite `email` (lower-cased) as `role`: a pending invitation of the same address is replaced, and
 * the email goes out through the job queue with the invitation in one transaction.
 * @throws ConflictError when the address already belongs to a member.
 */
export async function inviteMember(
  ctx: Pick<ServiceContext, 'sql' | 'jobs'>,
  access: Access,
  inviterId: string,
  input: { email: string; role: Role },
): Promise<InvitationRow> {
  authorize(access.role, 'members.manage');
  const existing = await findUserByEmail(ctx.sql, input.email);
  if (existing && (await findMember(ctx.sql, access.project.id, existing.id))) {
    throw new ConflictError(`${input.email} is a member of this project already`);
  }
  return ctx.sql.begin(async (tx) => {
    const invitation = await replaceInvitation(tx, {
      id: newId('inv'),
      projectId: access.project.id,
      email: input.email,
      role: input.role,
      invitedBy: inviterId,
      days: INVITATION_DAYS,
    });
    await enqueueAccountEmail(ctx.jobs, tx, { kind: 'invitation', invitationId: invitation.id });
    await recordAudit(tx, access.project.id, {
      action: 'member.invited',
      target: { type: 'invitation', id: invitation.id },
      details: { email: invitation.email, role: invitation.role },
    });
    return invitation;
  });
}

/** The job: a new link for a still-pending invitation, by email. A failed send is retried. */
export async function sendInvitation(ctx: ServiceContext, invitationId: string): Promise<void> {
  const { token, hash } = newSecretToken();
  const invitation = await setInvitationToken(ctx.sql, invitationId, hash);
  if (!invitation) return;
  const project = await findProjectById(ctx.sql, invitation.projectId);
  if (!project) return;
  const inviter = invitation.invitedBy ? await findUserById(ctx.sql, invitation.invitedBy) : undefined;
  await ctx.mailer.send(
    invitationEmail(invitation.email, {
      projectName: project.name,
      inviter: inviter?.email ?? null,
      role: invitation.role,
      acceptUrl: `${ctx.config.publicUrl}/app/invite?token=${encodeURIComponent(token)}`,
    }),
  );
}

/** @throws NotFoundError for no pending invitation of that id in the project. */
export async function withdrawInvitation(
  ctx: Pick<ServiceContext, 'sql'>,
  access: Access,
  invitationId: string,
): Promise<void> {
  authorize(access.role, 'members.manage');
  await ctx.sql.begin(async (tx) => {
    if (!(await deletePendingInvitation(tx, access.project.id, invitationId))) {
      throw new NotFoundError(`No pending invitation ${invitationId} in this project`);
    }
    await recordAudit(tx, access.project.id, {
      action: 'invitation.withdrawn',
      target: { type: 'invitation', id: invitationId },
    });
  });
}

/** @throws NotFoundError for a non-member; ConflictError when it would demote the last owner. */
export async function changeMemberRole(
  ctx: Pick<ServiceContext, 'sql'>,
  access: Access,
  userId: string,
  role: Role,
): Promise<MemberRow> {
  authorize(access.role, 'members.manage');
  return ctx.sql.begin(async (tx) => {
    await lockProjectMemberships(tx, access.project.id);
    const member = await findMember(tx, access.project.id, userId);
    if (!member) throw new NotFoundError(`No member ${userId} in this project`);
    if (member.role === 'owner' && role !== 'owner' && (await countOwners(tx, access.project.id)) <= 1) {
      throw new ConflictError('The last owner cannot be demoted: make another member an owner first');
    }
    await setMemberRole(tx, access.project.id, userId, role);
    await recordAudit(tx, access.project.id, {
      action: 'member.role_changed',
      target: { type: 'member', id: userId },
      details: { email: member.email, from: member.role, to: role },
    });
    return { ...member, role };
  });
}

/**
 * Remove `userId` from the project: an owner removes anyone, any member removes themselves (leaves).
 * @throws NotFoundError for a non-member; ConflictError for the last owner.
 */
export async function removeMember(
  ctx: Pick<ServiceContext, 'sql'>,
  access: Access,
  actorId: string,
  userId: string,
): Promise<void> {
  if (actorId !== userId) authorize(access.role, 'members.manage');
  await ctx.sql.begin(async (tx) => {
    await lockProjectMemberships(tx, access.project.id);
    const member = await findMember(tx, access.project.id, userId);
    if (!member) throw new NotFoundError(`No member ${userId} in this project`);
    if (member.role === 'owner' && (await countOwners(tx, access.project.id)) <= 1) {
      throw new ConflictError(
        'The last owner cannot leave or be removed: make another member an owner first (or delete the project)',
      );
    }
    await deleteMembership(tx, access.project.id, userId);
    await recordAudit(tx, access.project.id, {
      action: actorId === userId ? 'member.left' : 'member.removed',
      target: { type: 'member', id: userId },
      details: { email: member.email, role: member.role },
    });
  });
}
