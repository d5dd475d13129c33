/** DELETE an entry (CONTRACT.md "Entry lifecycle"): gone from the API, widget and feeds at once. */
import { deleteEntry as deleteEntryRow } from '../db/entries.ts';
import { notifyProjectChanged } from '../db/notifications.ts';
import { NotFoundError } from '../errors.ts';
import type { ServiceContext } from './context.ts';

export async function deleteEntry(ctx: ServiceContext, projectId: string, id: string): Promise<void> {
  const deleted = await ctx.sql.begin(async (tx) => {
    const row = await deleteEntryRow(tx, projectId, id);
    if (!row) throw new NotFoundError(`No entry ${id} in this project`);
    if (row.status === 'published') await notifyProjectChanged(tx, projectId);
    return row;
  });
  if (deleted.status === 'published') ctx.widgetCache.invalidate(projectId);
}
