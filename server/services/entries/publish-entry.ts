/**
 * Publish and unpublish (docs/api.md#entries). Publishing a draft dispatches the release in
 * the same transaction; publishing a published entry is a no-op (no second dispatch). Unpublishing
 * takes the entry out of the widget and feeds; what was already delivered is not recalled.
 */
import type { TransactionSql } from '../../db/connect.ts';
import { type EntryRow, setEntryStatus } from '../../db/entries.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { withEntryEvents } from './entry-events.ts';
import { entryChange, recordAudit } from '../audit/record-audit.ts';

/** `beforeCommit` runs in the transaction with the entry as it will be (an idempotent response). */
type BeforeCommit = (tx: TransactionSql, row: EntryRow) => Promise<void>;

async function setStatus(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  status: 'published' | 'draft',
  beforeCommit?: BeforeCommit,
): Promise<EntryRow> {
  return withEntryEvents(ctx, async (tx, record) => {
    const changed = await setEntryStatus(tx, projectId, id, status);
    if (!changed) throw new NotFoundError(`No entry ${id} in this project`);
    if (changed.changed) {
      await record(status === 'published' ? 'published' : 'unpublished', changed.row);
      const action = status === 'published' ? 'entry.published' : 'entry.unpublished';
      await recordAudit(tx, projectId, entryChange(action, changed.row));
    }
    await beforeCommit?.(tx, changed.row);
    return changed.row;
  });
}

/** Draft → published, dispatched; a published entry is left as it is (no second dispatch). */
export function publishEntry(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  beforeCommit?: BeforeCommit,
): Promise<EntryRow> {
  return setStatus(ctx, projectId, id, 'published', beforeCommit);
}

/** Published → draft: out of the widget, feeds and page; nothing delivered is recalled. */
export function unpublishEntry(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  beforeCommit?: BeforeCommit,
): Promise<EntryRow> {
  return setStatus(ctx, projectId, id, 'draft', beforeCommit);
}
