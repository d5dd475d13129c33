/**
 * Who may manage a project's readers (docs/readers.md#what-an-identified-reader-gets): its owners, and its API
 * keys, which only owners create. A key acts as a publisher elsewhere; here it stands for the owner
 * who made it.
 */
import { ForbiddenError } from '../../errors/errors.ts';
import type { Role } from '../accounts/authorize.ts';
import type { ProjectRow } from '../../db/projects.ts';

/** The caller of a project route: an API key (`keyId`) or a signed-in member (`role`). */
export type ReaderAdmin = { project: ProjectRow; role: Role; keyId: string | null };

/** @throws ForbiddenError when the caller is a member below owner; `what` names the action refused. */
export function authorizeReaderAdmin(caller: ReaderAdmin, what: string): void {
  if (caller.keyId !== null || caller.role === 'owner') return;
  throw new ForbiddenError(`A ${caller.role} cannot ${what}; that takes the owner role`);
}
