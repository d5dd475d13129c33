/**
 * The first run (docs/api.md#first-run): while no account exists, a single-use setup link (24 h),
 * logged by `shiplog serve` and printed by `shiplog setup-link`, is the only way to create the first
 * account, which owns the first project. Once an account exists, every setup link is dead.
 */
import {
  consumeAccountToken,
  insertAccountToken,
  isTokenUsable,
  purgeDeadTokens,
} from '../../db/account-tokens.ts';
import type { Sql } from '../../db/connect.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { countUsers, insertUser, lockFirstAccountSetup } from '../../db/users.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ConflictError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { hashPassword } from './hash-password.ts';
import { type NewProject, insertOwnedProject, slugTaken } from './manage-owned-projects.ts';
import { startSession } from './manage-sessions.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';

export const SETUP_LINK_MINUTES = 24 * 60;

const UNUSABLE = 'This setup link is unknown, already used or expired, or an account exists already';

/**
 * A new setup link, `{publicUrl}/app/setup?token=…`.
 * @throws ConflictError once an account exists (then owners invite, and passwords are reset by email).
 */
export async function issueSetupLink(sql: Sql, publicUrl: string): Promise<string> {
  if ((await countUsers(sql)) > 0) {
    throw new ConflictError(
      `an account exists already: sign in at ${publicUrl}/app (a forgotten password is reset from there)`,
    );
  }
  const { token, hash } = newSecretToken();
  await purgeDeadTokens(sql);
  await insertAccountToken(sql, {
    tokenHash: hash,
    purpose: 'setup',
    userId: null,
    ttlMinutes: SETUP_LINK_MINUTES,
  });
  return `${publicUrl}/app/setup?token=${encodeURIComponent(token)}`;
}

/** Whether `token` may still create the first account (changes nothing). */
export async function isSetupLinkUsable(ctx: Pick<ServiceContext, 'sql'>, token: string): Promise<boolean> {
  return (await countUsers(ctx.sql)) === 0 && (await isTokenUsable(ctx.sql, hashSecretToken(token), 'setup'));
}

export type SetupResult = {
  user: { id: string; email: string };
  project: ProjectRow;
  session: { token: string; csrfToken: string };
};

/**
 * Create the owner (email lower-cased, password checked by the caller's schema), the first project on
 * the free plan, and a session, in one transaction under a lock, so two links used at once cannot
 * make two first accounts.
 * @throws NotFoundError for an unusable link; ConflictError for a taken slug (the link stays usable).
 */
export async function setUpFirstAccount(
  ctx: Pick<ServiceContext, 'sql'>,
  input: { token: string; email: string; password: string; project: NewProject },
): Promise<SetupResult> {
  if (!(await isSetupLinkUsable(ctx, input.token))) throw new NotFoundError(UNUSABLE);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.sql.begin(async (tx) => {
      await lockFirstAccountSetup(tx);
      if ((await countUsers(tx)) > 0) throw new NotFoundError(UNUSABLE);
      if (!(await consumeAccountToken(tx, hashSecretToken(input.token), 'setup'))) {
        throw new NotFoundError(UNUSABLE);
      }
      const user = await insertUser(tx, { id: newId('usr'), email: input.email, passwordHash });
      const project = await insertOwnedProject(tx, user.id, input.project);
      const session = await startSession(tx, user.id);
      return { user: { id: user.id, email: user.email }, project, session };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(input.project.slug);
    throw err;
  }
}
