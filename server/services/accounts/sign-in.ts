/**
 * Sign-in (docs/api.md#accounts-and-sessions): email + password → a new session. An unknown email and a wrong
 * password get the same error after the same work (a stand-in hash is verified for an unknown email),
 * so neither the answer nor its timing tells whether an account exists. The limits on failures (per
 * client address and per account) are the route's, counted before any of this runs.
 */
import { findUserByEmail, setPasswordHash } from '../../db/users.ts';
import { UnauthorizedError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { hashPassword, needsRehash, verifyPassword } from './hash-password.ts';
import { startSession } from './manage-sessions.ts';

export type SignedIn = { user: { id: string; email: string }; token: string; csrfToken: string };

/** @param email lower-cased. @throws UnauthorizedError for an unknown email or a wrong password alike. */
export async function signIn(
  ctx: Pick<ServiceContext, 'sql'>,
  email: string,
  password: string,
): Promise<SignedIn> {
  const user = await findUserByEmail(ctx.sql, email);
  if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
    throw new UnauthorizedError('The email or the password is wrong');
  }
  // Hashes made with older parameters are brought up to today's while the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await setPasswordHash(ctx.sql, user.id, await hashPassword(password), false);
  }
  const { token, csrfToken } = await startSession(ctx.sql, user.id);
  return { user: { id: user.id, email: user.email }, token, csrfToken };
}
