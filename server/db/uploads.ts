/** SQL for uploaded images (docs/api.md#images): the bytes live in the database. */
import { IMAGE_TYPES } from '../../core/contract/accounts.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export { IMAGE_TYPES };
export type ImageType = (typeof IMAGE_TYPES)[number];

export async function insertUpload(
  sql: Db,
  upload: { id: string; projectId: string; uploadedBy: string | null; mediaType: ImageType; bytes: Buffer },
): Promise<void> {
  await sql`
    insert into uploads (id, project_id, uploaded_by, media_type, bytes)
    values (${upload.id}, ${upload.projectId}, ${upload.uploadedBy}, ${upload.mediaType}, ${upload.bytes})`;
}

export async function findUpload(
  sql: Db,
  id: string,
): Promise<{ mediaType: ImageType; bytes: Buffer } | undefined> {
  const [row] = await sql<{ mediaType: ImageType; bytes: Buffer }[]>`
    select media_type, bytes from uploads where id = ${id}`;
  return row;
}
