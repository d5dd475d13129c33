/** DELETE an entry (docs/api.md#entries): gone from the API, widget and feeds at once. */
import { deleteEntry as deleteEntryRow } from '../../db/entries.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { withEntryEvents } from './entry-events.ts';
import { entryChange, recordAudit } from '../audit/record-audit.ts';

export async function deleteEntry(ctx: ServiceContext, projectId: string, id: string): Promise<void> {
  await withEntryEvents(ctx, async (tx, record) => {
    const row = await deleteEntryRow(tx, projectId, id);
    if (!row) throw new NotFoundError(`No entry ${id} in this project`);
    if (row.status === 'published') await record('deleted', row);
    await recordAudit(tx, projectId, entryChange('entry.deleted', row));
  });
}
