/**
 * Create an entry (spec 4.2, CONTRACT.md "POST /api/v1/entries"): Markdown rendered to sanitized HTML
 * now, a unique slug from the title, and with `publish: true` the entry is stored published and
 * dispatched in the same transaction.
 */
import type { CreateEntryInput } from '../../core/contract/entries.schema.ts';
import type { TransactionSql } from '../db/connect.ts';
import { type EntryRow, insertEntry } from '../db/entries.ts';
import type { ServiceContext } from './context.ts';
import { withEntryEvents } from './entry-events.ts';
import { slugFromId, slugFromTitle } from './make-slug.ts';
import { newId } from './new-id.ts';

export async function createEntry(
  ctx: ServiceContext,
  projectId: string,
  input: CreateEntryInput,
  source: 'api' | 'generate' = 'api',
  beforeCommit?: (tx: TransactionSql, row: EntryRow) => Promise<void>,
): Promise<EntryRow> {
  const id = newId('ent');
  const html = await ctx.markdown.render(input.body);
  return withEntryEvents(ctx, async (tx, record) => {
    const inserted = await insertEntry(
      tx,
      {
        id,
        projectId,
        title: input.title,
        body: input.body,
        html,
        category: input.category,
        version: input.version ?? null,
        visibility: input.visibility,
        source,
        publish: input.publish,
      },
      slugFromTitle(input.title) ?? slugFromId(id),
    );
    if (inserted.status === 'published') await record('published', inserted);
    await beforeCommit?.(tx, inserted);
    return inserted;
  });
}
