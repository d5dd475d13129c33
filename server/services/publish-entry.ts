/**
 * Publish and unpublish (CONTRACT.md "Entry lifecycle"). Publishing a draft dispatches the release in
 * the same transaction; publishing a published entry is a no-op (no second dispatch). Unpublishing
 * takes the entry out of the widget and feeds; what was already delivered is not recalled.
 */
import type { TransactionSql } from '../db/connect.ts';
import { type EntryRow, setEntryStatus } from '../db/entries.ts';
import { NotFoundError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { withEntryEvents } from './entry-events.ts';

/** `beforeCommit` runs in the transaction with the entry as it will be (an idempotent response). */
type BeforeCommit = (tx: TransactionSql, row: EntryRow) => Promise<void>;

export async function publishEntry(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  beforeCommit?: BeforeCommit,
): Promise<EntryRow> {
  return withEntryEvents(ctx, async (tx, record) => {
    const changed = await setEntryStatus(tx, projectId, id, 'published');
    if (!changed) throw new NotFoundError(`No entry ${id} in this project`);
    if (changed.changed) await record('published', changed.row);
    await beforeCommit?.(tx, changed.row);
    return changed.row;
  });
}

export async function unpublishEntry(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  beforeCommit?: BeforeCommit,
): Promise<EntryRow> {
  return withEntryEvents(ctx, async (tx, record) => {
    const changed = await setEntryStatus(tx, projectId, id, 'draft');
    if (!changed) throw new NotFoundError(`No entry ${id} in this project`);
    if (changed.changed) await record('unpublished', changed.row);
    await beforeCommit?.(tx, changed.row);
    return changed.row;
  });
}
