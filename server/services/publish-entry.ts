/**
 * Publish and unpublish (CONTRACT.md "Entry lifecycle"). Publishing a draft dispatches the release in
 * the same transaction; publishing a published entry is a no-op (no second dispatch). Unpublishing
 * takes the entry out of the widget and feeds; what was already delivered is not recalled.
 */
import { type EntryRow, setEntryStatus } from '../db/entries.ts';
import { NotFoundError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { withEntryEvents } from './entry-events.ts';

export async function publishEntry(ctx: ServiceContext, projectId: string, id: string): Promise<EntryRow> {
  return withEntryEvents(ctx, async (tx, record) => {
    const changed = await setEntryStatus(tx, projectId, id, 'published');
    if (!changed) throw new NotFoundError(`No entry ${id} in this project`);
    if (changed.changed) await record('published', changed.row);
    return changed.row;
  });
}

export async function unpublishEntry(ctx: ServiceContext, projectId: string, id: string): Promise<EntryRow> {
  return withEntryEvents(ctx, async (tx, record) => {
    const changed = await setEntryStatus(tx, projectId, id, 'draft');
    if (!changed) throw new NotFoundError(`No entry ${id} in this project`);
    if (changed.changed) await record('unpublished', changed.row);
    return changed.row;
  });
}
