/**
 * A signed-in user changes their password (docs/api.md#accounts-and-sessions): the current one is checked, and
 * every other session of the user ends (a thief's included), as do unused reset links.
 */
import { retireResetTokens } from '../../db/account-tokens.ts';
import { findUserById, setPasswordHash } from '../../db/users.ts';
import { InvalidError, UnauthorizedError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { hashPassword, verifyPassword } from './hash-password.ts';
import { endOtherSessions, type Session } from './manage-sessions.ts';

/**
 * @returns how many other sessions ended.
 * @throws InvalidError at `/current` when it is not the current password.
 */
export async function changePassword(
  ctx: Pick<ServiceContext, 'sql'>,
  session: Session,
  current: string,
  next: string,
): Promise<number> {
  const user = await findUserById(ctx.sql, session.user.id);
  if (!user) throw new UnauthorizedError('This session has ended; sign in again');
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw new InvalidError('current: is not your current password', [
      { pointer: '/current', detail: 'Is not your current password' },
    ]);
  }
  const hash = await hashPassword(next);
  return ctx.sql.begin(async (tx) => {
    await setPasswordHash(tx, user.id, hash);
    await retireResetTokens(tx, user.id);
    return endOtherSessions(tx, user.id, session);
  });
}
