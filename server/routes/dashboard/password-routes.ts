/**
 * Passwords (docs/api.md#accounts-and-sessions):
 * - `POST /api/dashboard/password {current, password}` (signed in) → `204`; every other session of
 *   the user ends; a wrong `current` is `400` at `/current` (10 in 15 min per user, then `429`);
 * - `POST /api/dashboard/password-reset {email}` → `202` whatever the address (an account's owner gets
 *   a link valid 1 hour, single use, by email); 5 an hour per address, 20 per client address;
 * - `POST /api/dashboard/password-reset/confirm {token, password}` → `204`: the new password is set
 *   and every session of the account ends; an unknown, used or expired link is `404`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PasswordResetRequestedSchema } from '../../../core/contract/accounts.schema.ts';
import { InvalidError } from '../../errors/errors.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { requireSession } from '../../plugins/session.ts';
import { changePassword } from '../../services/accounts/change-password.ts';
import { confirmPasswordReset, requestPasswordReset } from '../../services/accounts/reset-password.ts';
import type { ServiceContext } from '../../services/context.ts';
import { ChangePasswordBody, ResetConfirmBody, ResetRequestBody } from './schemas.ts';

export async function passwordRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Someone holding a session must not guess the password through this route either.
  const wrongCurrent = app.failureLimit({
    name: 'password-check',
    max: 10,
    windowSeconds: 15 * 60,
    key: async (request) => (await request.dashboardSession)?.user.id,
  });

  app.post('/password', { schema: { body: ChangePasswordBody } }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    await wrongCurrent.assertAllowed(request);
    try {
      await changePassword(ctx, session, request.body.current, request.body.password);
    } catch (err) {
      if (err instanceof InvalidError) await wrongCurrent.recordFailure(request);
      throw err;
    }
    return reply.code(204).send();
  });

  app.post(
    '/password-reset',
    {
      schema: { body: ResetRequestBody, response: { 202: PasswordResetRequestedSchema } },
      onRequest: app.rateLimitHook([
        { name: 'password-reset-ip', max: 20, windowSeconds: 3600, key: clientAddress },
      ]),
      preHandler: app.rateLimitHook([
        {
          name: 'password-reset',
          max: 5,
          windowSeconds: 3600,
          key: (request) => (request.body as { email: string }).email,
          silent: true,
        },
      ]),
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.code(202).send({ status: 'requested' });
    },
  );

  app.post('/password-reset/confirm', { schema: { body: ResetConfirmBody } }, async (request, reply) => {
    await confirmPasswordReset(ctx, request.body.token, request.body.password);
    return reply.code(204).send();
  });
}
