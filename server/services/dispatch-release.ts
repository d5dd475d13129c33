/**
 * Dispatch on publish (spec section 6, CONTRACT.md "Dispatch on publish"). Runs inside the transaction
 * that publishes the entry, so the release and its dispatch commit together or not at all.
 *
 * Targets so far: the widget (every instance drops its cached copy when the NOTIFY commits; only
 * external entries are visible there). Feeds, email subscribers and channels are added as durable
 * jobs enqueued here, in the same transaction.
 */
import type { TransactionSql } from '../db/connect.ts';
import type { EntryRow } from '../db/entries.ts';
import { notifyProjectChanged } from '../db/notifications.ts';

export async function dispatchRelease(tx: TransactionSql, entry: EntryRow): Promise<void> {
  await notifyProjectChanged(tx, entry.projectId);
}
