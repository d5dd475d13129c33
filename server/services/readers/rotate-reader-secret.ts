/**
 * `POST /api/v1/project/reader-secret` (docs/readers.md): create the project's reader secret, or
 * rotate it. The secret is returned in this answer only; the audit log records that it was made,
 * never the secret. After a rotation every secret rotated out in the last 24 hours still verifies
 * until its own 24 hours end, so a second rotation by mistake kills no live token.
 */
import { rotateReaderSecret } from '../../db/reader-secrets.ts';
import type { ServiceContext } from '../context.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeReaderAdmin, type ReaderAdmin } from './reader-admin.ts';
import { generateReaderSecret } from './reader-secret-format.ts';

export type NewReaderSecret = {
  secret: string;
  createdAt: Date;
  /** When the secret it replaced stops verifying (those before it stop earlier); null for a first secret. */
  previousRetiresAt: Date | null;
};

/** @throws ForbiddenError for a member below owner. */
export async function createReaderSecret(
  ctx: Pick<ServiceContext, 'sql'>,
  caller: ReaderAdmin,
): Promise<NewReaderSecret> {
  authorizeReaderAdmin(caller, 'create or rotate the reader secret');
  return ctx.sql.begin(async (tx) => {
    const row = await rotateReaderSecret(tx, caller.project.id, generateReaderSecret());
    const rotated = row.previousRetiresAt !== null;
    await recordAudit(tx, caller.project.id, {
      action: rotated ? 'reader_secret.rotated' : 'reader_secret.created',
      target: { type: 'project', id: caller.project.id },
      details: rotated ? { previousRetiresAt: row.previousRetiresAt!.toISOString() } : {},
    });
    return { secret: row.secret, createdAt: row.createdAt, previousRetiresAt: row.previousRetiresAt };
  });
}
