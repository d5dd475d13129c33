/** The signed-in user's access to the project a dashboard route names, checked for its action. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectRow } from '../../db/projects.ts';
import { requireSession } from '../../plugins/session.ts';
import { type Action, projectAccess, type Role } from '../../services/accounts/authorize.ts';
import type { Session } from '../../services/accounts/manage-sessions.ts';
import type { ServiceContext } from '../../services/context.ts';

/**
 * @throws UnauthorizedError (signed out), ForbiddenError (CSRF proofs, not a member, role too low),
 *   NotFoundError (no such project).
 */
export async function signedInAccess(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  action: Action,
): Promise<{ session: Session; project: ProjectRow; role: Role }> {
  const session = await requireSession(ctx, request, reply);
  return { session, ...(await projectAccess(ctx, session.user.id, slug, action)) };
}
