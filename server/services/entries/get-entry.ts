/**
 * One entry's full record (docs/api.md#entries: the list fields plus body, html, reactions,
 * source, previewUrl and url; its translations, docs/languages.md), for the key-authenticated route and the App's in-process API alike.
 */
import type { Entry } from '../../../core/contract/entries.schema.ts';
import type { Sql, TransactionSql } from '../../db/connect.ts';
import { type EntryRow, findEntry } from '../../db/entries.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { reactionCounts } from '../../db/reactions.ts';
import { findTranslations } from '../../db/entry-translations.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { presentEntry } from './present-entry.ts';
import { entryLinks } from './preview-link.ts';

/** `row` as its full record: reaction counts, translations and the preview or public link added. */
/** @param sql where to read them: the transaction of the change that made `row`, when in one. */
export async function presentEntryRecord(
  ctx: ServiceContext,
  project: Pick<ProjectRow, 'slug' | 'reactions'>,
  row: EntryRow,
  sql: Sql | TransactionSql = ctx.sql,
): Promise<Entry> {
  const reactions = await reactionCounts(sql, project.reactions, [row.id]);
  return presentEntry(row, {
    reactions: reactions.get(row.id),
    translations: await findTranslations(sql, row.id),
    ...entryLinks(ctx.config.publicUrl, project.slug, row, ctx.previewSecret),
  });
}

/** @throws NotFoundError when the project has no entry `id` (another project's id included). */
export async function getEntry(
  ctx: ServiceContext,
  project: Pick<ProjectRow, 'id' | 'slug' | 'reactions'>,
  id: string,
): Promise<Entry> {
  const row = await findEntry(ctx.sql, project.id, id);
  if (!row) throw new NotFoundError(`No entry ${id} in this project`);
  return presentEntryRecord(ctx, project, row);
}
