/**
 * First run, sign-in, sign-out and the session (docs/api.md#first-run):
 * - `GET /api/dashboard/setup/:token` → `200 {"valid": true}` while the link may create the first
 *   account, else `404`; `POST /api/dashboard/setup` creates it, its project and a session (`201`);
 * - `POST /api/dashboard/sign-in` → `200` and the session cookie; failures are limited per client
 *   address and per account (10 in 15 min each, then `429` with `Retry-After`), and an unknown email
 *   is answered exactly like a wrong password;
 * - `POST /api/dashboard/sign-out` → `204`, the session deleted on the server;
 * - `GET /api/dashboard/session` → the user, the CSRF token, the projects; `401` when signed out.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SessionViewSchema, SetupLinkSchema } from '../../../core/contract/accounts.schema.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import {
  clearSessionCookie,
  currentSession,
  requireSession,
  setSessionCookie,
} from '../../plugins/session.ts';
import { describeSession } from '../../services/accounts/describe-session.ts';
import { endSession } from '../../services/accounts/manage-sessions.ts';
import { isSetupLinkUsable, setUpFirstAccount } from '../../services/accounts/set-up-first-account.ts';
import { signIn } from '../../services/accounts/sign-in.ts';
import type { ServiceContext } from '../../services/context.ts';
import { NotFoundError, UnauthorizedError } from '../../errors/errors.ts';
import { SetupBody, SignInBody, TokenParams } from './schemas.ts';

const FIFTEEN_MINUTES = 15 * 60;

export async function accountRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const publicUrl = ctx.config.publicUrl;
  const perAddress = app.failureLimit({
    name: 'sign-in-ip',
    max: 10,
    windowSeconds: FIFTEEN_MINUTES,
    key: clientAddress,
  });
  const perAccount = app.failureLimit({
    name: 'sign-in-account',
    max: 10,
    windowSeconds: FIFTEEN_MINUTES,
    key: (request) => (request.body as { email?: string } | undefined)?.email,
  });

  app.get(
    '/setup/:token',
    { schema: { params: TokenParams, response: { 200: SetupLinkSchema } } },
    async (request) => {
      if (!(await isSetupLinkUsable(ctx, request.params.token))) {
        throw new NotFoundError(
          'This setup link is unknown, already used or expired, or an account exists already',
        );
      }
      return { valid: true as const };
    },
  );

  app.post(
    '/setup',
    { schema: { body: SetupBody, response: { 201: SessionViewSchema } } },
    async (request, reply) => {
      const { user, session } = await setUpFirstAccount(ctx, request.body);
      setSessionCookie(reply, publicUrl, session.token);
      return reply.code(201).send(await describeSession(ctx, user, session.csrfToken));
    },
  );

  app.post(
    '/sign-in',
    { schema: { body: SignInBody, response: { 200: SessionViewSchema } } },
    async (request, reply) => {
      await perAddress.assertAllowed(request);
      await perAccount.assertAllowed(request);
      try {
        const signedIn = await signIn(ctx, request.body.email, request.body.password);
        // A session the browser held before is replaced, not left behind.
        const previous = await currentSession(ctx, request, reply);
        if (previous) await endSession(ctx, previous);
        setSessionCookie(reply, publicUrl, signedIn.token);
        return await describeSession(ctx, signedIn.user, signedIn.csrfToken);
      } catch (err) {
        if (err instanceof UnauthorizedError) {
          await perAddress.recordFailure(request);
          await perAccount.recordFailure(request);
        }
        throw err;
      }
    },
  );

  app.post('/sign-out', async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    await endSession(ctx, session);
    clearSessionCookie(reply, publicUrl);
    return reply.code(204).send();
  });

  app.get('/session', { schema: { response: { 200: SessionViewSchema } } }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    return describeSession(ctx, session.user, session.csrfToken);
  });
}
