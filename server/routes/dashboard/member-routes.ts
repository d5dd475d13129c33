/**
 * Members and invitations (docs/api.md#roles):
 * - `GET /api/dashboard/projects/{slug}/members` (any member) → members, and pending invitations for
 *   owners (`null` for others);
 * - `POST …/members {email, role}` (owner) → `201`, an invitation valid 7 days, emailed;
 * - `PATCH …/members/{userId} {role}` (owner); `DELETE …/members/{userId}` (owner, or the member
 *   leaving) → `204`; the last owner can neither leave nor be demoted (`409`);
 * - `DELETE …/invitations/{invitationId}` (owner) withdraws a pending invitation → `204`;
 * - `GET /api/dashboard/invitations/{token}` → what the invitation page shows; `POST
 *   /api/dashboard/invitations/accept {token, password?}`: someone new sets a password (and is signed
 *   in); someone with an account accepts while signed in as it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SessionViewSchema } from '../../../core/contract/accounts.schema.ts';
import {
  CreatedInvitationSchema,
  InvitationViewResponseSchema,
  MemberListSchema,
  MemberResponseSchema,
} from '../../../core/contract/members.schema.ts';
import { assertCsrfToken, currentSession, setSessionCookie } from '../../plugins/session.ts';
import { acceptInvitation, lookupInvitation } from '../../services/accounts/accept-invitation.ts';
import { describeSession } from '../../services/accounts/describe-session.ts';
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  removeMember,
  withdrawInvitation,
} from '../../services/accounts/manage-members.ts';
import type { ServiceContext } from '../../services/context.ts';
import { presentInvitation, presentMember } from './present.ts';
import { signedInAccess } from './project-access.ts';
import {
  AcceptBody,
  InvitationParams,
  InviteBody,
  MemberParams,
  RoleBody,
  SlugParams,
  TokenParams,
} from './schemas.ts';

export async function memberRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/projects/:slug/members',
    { schema: { params: SlugParams, response: { 200: MemberListSchema } } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'members.read');
      const { members, invitations } = await listMembers(ctx, access);
      return {
        members: members.map(presentMember),
        invitations: invitations?.map(presentInvitation) ?? null,
      };
    },
  );

  app.post(
    '/projects/:slug/members',
    { schema: { params: SlugParams, body: InviteBody, response: { 201: CreatedInvitationSchema } } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'members.manage');
      const invitation = await inviteMember(ctx, access, access.session.user.id, request.body);
      return reply.code(201).send({ invitation: presentInvitation(invitation) });
    },
  );

  app.patch(
    '/projects/:slug/members/:userId',
    { schema: { params: MemberParams, body: RoleBody, response: { 200: MemberResponseSchema } } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'members.manage');
      const member = await changeMemberRole(ctx, access, request.params.userId, request.body.role);
      return { member: presentMember(member) };
    },
  );

  app.delete(
    '/projects/:slug/members/:userId',
    { schema: { params: MemberParams } },
    async (request, reply) => {
      // Any member may leave; removing someone else is the service's owner check.
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'members.read');
      await removeMember(ctx, access, access.session.user.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/projects/:slug/invitations/:invitationId',
    { schema: { params: InvitationParams } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'members.manage');
      await withdrawInvitation(ctx, access, request.params.invitationId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/invitations/:token',
    { schema: { params: TokenParams, response: { 200: InvitationViewResponseSchema } } },
    async (request) => {
      const view = await lookupInvitation(ctx, request.params.token);
      return { invitation: { ...view, expiresAt: view.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/invitations/accept',
    { schema: { body: AcceptBody, response: { 200: SessionViewSchema } } },
    async (request, reply) => {
      // Signed in or not: with a session, this is a cookie-authenticated change and needs its CSRF token.
      const session = await currentSession(ctx, request, reply);
      if (session) assertCsrfToken(request, session);
      const accepted = await acceptInvitation(ctx, request.body.token, session, request.body.password);
      if (accepted.session) setSessionCookie(reply, ctx.config.publicUrl, accepted.session.token);
      const csrfToken = accepted.session?.csrfToken ?? session!.csrfToken;
      return describeSession(ctx, accepted.user, csrfToken);
    },
  );
}
