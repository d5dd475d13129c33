/**
 * Password reset by email (docs/api.md#accounts-and-sessions): a request always answers the same and does the
 * same work (one job), whatever the address; the job emails a single-use link valid 1 hour, to an
 * existing account only. Setting the new password ends every session of the account.
 */
import {
  consumeAccountToken,
  insertAccountToken,
  isTokenUsable,
  purgeDeadTokens,
  retireResetTokens,
} from '../../db/account-tokens.ts';
import { findUserByEmail, setPasswordHash } from '../../db/users.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { enqueueAccountEmail } from './account-email-queue.ts';
import { hashPassword } from './hash-password.ts';
import { endOtherSessions } from './manage-sessions.ts';
import { passwordResetEmail } from './render-account-email.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';

export const RESET_LINK_MINUTES = 60;

const UNUSABLE = 'This reset link is unknown, already used or expired; ask for a new one';

/** Enqueue the reset of `email` (lower-cased): one job, whether or not an account has that address. */
export async function requestPasswordReset(
  ctx: Pick<ServiceContext, 'sql' | 'jobs'>,
  email: string,
): Promise<void> {
  await enqueueAccountEmail(ctx.jobs, ctx.sql, { kind: 'password-reset', email });
}

/** The job: a link for the account of `email`, if there is one, by email. A failed send is retried. */
export async function sendPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.sql, email);
  if (!user) return;
  const { token, hash } = newSecretToken();
  await purgeDeadTokens(ctx.sql);
  await insertAccountToken(ctx.sql, {
    tokenHash: hash,
    purpose: 'password-reset',
    userId: user.id,
    ttlMinutes: RESET_LINK_MINUTES,
  });
  await ctx.mailer.send(
    passwordResetEmail(user.email, `${ctx.config.publicUrl}/app/reset?token=${encodeURIComponent(token)}`),
  );
}

/**
 * Set a new password with a reset link; the link, every other unused one and every session end.
 * @throws NotFoundError for an unknown, used or expired link.
 */
export async function confirmPasswordReset(
  ctx: Pick<ServiceContext, 'sql'>,
  token: string,
  password: string,
): Promise<void> {
  const tokenHash = hashSecretToken(token);
  // Checked before hashing, so a forged link costs no hash.
  if (!(await isTokenUsable(ctx.sql, tokenHash, 'password-reset'))) throw new NotFoundError(UNUSABLE);
  const hash = await hashPassword(password);
  await ctx.sql.begin(async (tx) => {
    const used = await consumeAccountToken(tx, tokenHash, 'password-reset');
    if (!used?.userId) throw new NotFoundError(UNUSABLE);
    await setPasswordHash(tx, used.userId, hash);
    await retireResetTokens(tx, used.userId);
    await endOtherSessions(tx, used.userId, null);
  });
}
