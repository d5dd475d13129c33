/**
 * Accepting an invitation (docs/api.md#accounts-and-sessions): someone new sets a password and gets an account
 * and a session; someone with an account signs in as that account first and just joins. The link is
 * single use: the invitation is locked and marked accepted in the transaction that adds the member.
 */
import { findPendingInvitation, type InvitationRow, markInvitationAccepted } from '../../db/invitations.ts';
import { insertMembership, type Role } from '../../db/memberships.ts';
import { findProjectById } from '../../db/projects.ts';
import { findUserByEmail, insertUser } from '../../db/users.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { recordAudit, setAuditActor } from '../audit/record-audit.ts';
import { hashPassword } from './hash-password.ts';
import { type Session, startSession } from './manage-sessions.ts';
import { hashSecretToken } from './secret-token.ts';

const UNUSABLE = 'This invitation is unknown, already accepted, withdrawn or expired; ask for a new one';

export type InvitationView = {
  project: { name: string; slug: string };
  email: string;
  role: Role;
  expiresAt: Date;
  /** Whether the address has an account (then: sign in and accept), or needs a password. */
  accountExists: boolean;
};

async function pending(ctx: Pick<ServiceContext, 'sql'>, token: string): Promise<InvitationRow> {
  const invitation = await findPendingInvitation(ctx.sql, hashSecretToken(token));
  if (!invitation) throw new NotFoundError(UNUSABLE);
  return invitation;
}

/** What the invitation page shows. @throws NotFoundError for an unusable link. */
export async function lookupInvitation(
  ctx: Pick<ServiceContext, 'sql'>,
  token: string,
): Promise<InvitationView> {
  const invitation = await pending(ctx, token);
  const project = await findProjectById(ctx.sql, invitation.projectId);
  if (!project) throw new NotFoundError(UNUSABLE);
  return {
    project: { name: project.name, slug: project.slug },
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    accountExists: (await findUserByEmail(ctx.sql, invitation.email)) !== undefined,
  };
}

export type Accepted = {
  user: { id: string; email: string };
  project: { id: string; slug: string; name: string };
  role: Role;
  /** A session for a new account (the caller sets its cookie); null when the user was signed in. */
  session: { token: string; csrfToken: string } | null;
};

/**
 * @param session the caller's session, if signed in.
 * @param password the new account's password (checked by the caller's schema); needed only then.
 * @throws NotFoundError (unusable link), UnauthorizedError (the address has an account: sign in as it),
 *   ForbiddenError (signed in as another account), InvalidError (no password for a new account).
 */
export async function acceptInvitation(
  ctx: Pick<ServiceContext, 'sql'>,
  token: string,
  session: Session | null,
  password: string | undefined,
): Promise<Accepted> {
  const invitation = await pending(ctx, token);
  const account = await findUserByEmail(ctx.sql, invitation.email);
  if (account) {
    if (!session) throw new UnauthorizedError(`Sign in as ${invitation.email} to accept this invitation`);
    if (session.user.id !== account.id) {
      throw new ForbiddenError(
        `This invitation is for ${invitation.email}; sign in as that account to accept it`,
      );
    }
  } else if (password === undefined) {
    throw new InvalidError('password: is required to create your account', [
      { pointer: '/password', detail: 'Required: choose a password for your new account' },
    ]);
  }
  const passwordHash = account ? null : await hashPassword(password!);
  try {
    return await ctx.sql.begin(async (tx) => {
      const locked = await findPendingInvitation(tx, hashSecretToken(token), true);
      if (!locked) throw new NotFoundError(UNUSABLE);
      const user =
        account ??
        (await insertUser(tx, { id: newId('usr'), email: locked.email, passwordHash: passwordHash! }));
      await insertMembership(tx, { projectId: locked.projectId, userId: user.id, role: locked.role });
      await markInvitationAccepted(tx, locked.id);
      // The one joining is who acts, signed in or just made.
      setAuditActor({ type: 'user', id: user.id });
      await recordAudit(tx, locked.projectId, {
        action: 'member.joined',
        target: { type: 'member', id: user.id },
        details: { email: user.email, role: locked.role },
      });
      const project = await findProjectById(tx, locked.projectId);
      if (!project) throw new NotFoundError(UNUSABLE);
      return {
        user: { id: user.id, email: user.email },
        project: { id: project.id, slug: project.slug, name: project.name },
        role: locked.role,
        session: account ? null : await startSession(tx, user.id),
      };
    });
  } catch (err) {
    // The address got an account meanwhile (another invitation, accepted at the same moment).
    if (isUniqueViolation(err))
      throw new ConflictError('An account with this address was just created; sign in and accept again');
    throw err;
  }
}
