/** SQL for channels and their deliveries (docs/api.md#channels-key-authenticated). */
import type { ChannelType } from '../../core/contract/channels.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type { ChannelType };
export type ChannelRow = {
  id: string;
  projectId: string;
  type: ChannelType;
  name: string;
  url: string;
  visibility: 'external' | 'all';
  secret: string | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
};
export type DeliveryRow = {
  id: string;
  channelId: string;
  /** Null for a `ping` (a test delivery). */
  entryId: string | null;
  eventType: 'entry.published' | 'ping';
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  /** When the next attempt of a pending delivery is due; null when none is planned. */
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export async function insertChannel(
  sql: Db,
  row: Omit<ChannelRow, 'disabledAt' | 'disabledReason' | 'createdAt'>,
): Promise<ChannelRow> {
  const [created] = await sql<ChannelRow[]>`
    insert into channels (id, project_id, type, name, url, visibility, secret)
    values (${row.id}, ${row.projectId}, ${row.type}, ${row.name}, ${row.url}, ${row.visibility}, ${row.secret})
    returning *`;
  return created!;
}

/**
 * Lock the project's row until the transaction ends and count its channels (disabled ones included),
 * so that concurrent creations see each other's channels.
 */
export async function lockAndCountChannels(sql: TransactionSql, projectId: string): Promise<number> {
  await sql`select 1 from projects where id = ${projectId} for update`;
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from channels where project_id = ${projectId}`;
  return row!.n;
}

export async function listChannels(sql: Db, projectId: string): Promise<ChannelRow[]> {
  return sql<ChannelRow[]>`select * from channels where project_id = ${projectId} order by created_at, id`;
}

export async function findChannel(sql: Db, projectId: string, id: string): Promise<ChannelRow | undefined> {
  const [row] = await sql<
    ChannelRow[]
  >`select * from channels where project_id = ${projectId} and id = ${id}`;
  return row;
}

export async function deleteChannel(sql: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from channels where project_id = ${projectId} and id = ${id} returning 1`;
  return rows.length > 0;
}

export async function disableChannel(sql: Db, id: string, reason: string): Promise<void> {
  await sql`update channels set disabled_at = date_trunc('milliseconds', now()), disabled_reason = ${reason}
    where id = ${id} and disabled_at is null`;
}

/** The channels of a project that an entry of `visibility` goes to (enabled ones only). */
export async function channelsFor(
  sql: Db,
  projectId: string,
  visibility: 'external' | 'internal',
): Promise<ChannelRow[]> {
  return sql<ChannelRow[]>`
    select * from channels where project_id = ${projectId} and disabled_at is null
      ${visibility === 'internal' ? sql`and visibility = 'all'` : sql``}`;
}

/**
 * A pending delivery of `entryId` to a channel, made by the dispatch `dispatchId`.
 * @returns false when that dispatch already made one for the channel (nothing inserted).
 */
export async function insertDelivery(
  sql: Db,
  row: { id: string; channelId: string; entryId: string; dispatchId: string },
): Promise<boolean> {
  const inserted = await sql`
    insert into channel_deliveries (id, channel_id, entry_id, status, dispatch_id, next_attempt_at)
    values (${row.id}, ${row.channelId}, ${row.entryId}, 'pending', ${row.dispatchId}, date_trunc('milliseconds', now()))
    on conflict (channel_id, dispatch_id) where dispatch_id is not null do nothing
    returning 1`;
  return inserted.length > 0;
}

export async function findDelivery(sql: Db, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await sql<DeliveryRow[]>`select * from channel_deliveries where id = ${id}`;
  return row;
}

export async function findChannelById(sql: Db, id: string): Promise<ChannelRow | undefined> {
  const [row] = await sql<ChannelRow[]>`select * from channels where id = ${id}`;
  return row;
}

/** One attempt's outcome; `nextAttemptAt` when another is planned (a pending delivery). */
export async function recordAttempt(
  sql: Db,
  id: string,
  outcome: {
    status: DeliveryRow['status'];
    httpStatus: number | null;
    error: string | null;
    nextAttemptAt?: Date;
  },
): Promise<void> {
  await sql`
    update channel_deliveries set status = ${outcome.status}, attempts = attempts + 1, last_status = ${outcome.httpStatus},
      last_error = ${outcome.error}, next_attempt_at = ${outcome.nextAttemptAt ?? null},
      updated_at = date_trunc('milliseconds', now())
    where id = ${id}`;
}

/** A test delivery (`ping`) to a channel, its first attempt due now. */
export async function insertPing(sql: Db, row: { id: string; channelId: string }): Promise<DeliveryRow> {
  const [created] = await sql<DeliveryRow[]>`
    insert into channel_deliveries (id, channel_id, entry_id, event_type, status, next_attempt_at)
    values (${row.id}, ${row.channelId}, null, 'ping', 'pending', date_trunc('milliseconds', now()))
    returning *`;
  return created!;
}

/**
 * A failed delivery of the channel made pending again (its id, and so its `webhook-id`, kept).
 * @returns the delivery, or undefined when there is no failed delivery of that id on the channel.
 */
export async function reopenFailedDelivery(
  sql: Db,
  channelId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await sql<DeliveryRow[]>`
    update channel_deliveries set status = 'pending', next_attempt_at = date_trunc('milliseconds', now()),
      updated_at = date_trunc('milliseconds', now())
    where id = ${id} and channel_id = ${channelId} and status = 'failed'
    returning *`;
  return row;
}

/** Disable (with `reason`) or enable a channel of the project. @returns it, or undefined for none. */
export async function setChannelEnabled(
  sql: Db,
  projectId: string,
  id: string,
  enabled: boolean,
  reason: string,
): Promise<ChannelRow | undefined> {
  const [row] = await sql<ChannelRow[]>`
    update channels set
      disabled_at = ${enabled ? null : sql`coalesce(disabled_at, date_trunc('milliseconds', now()))`},
      disabled_reason = ${enabled ? null : sql`coalesce(disabled_reason, ${reason})`}
    where project_id = ${projectId} and id = ${id}
    returning *`;
  return row;
}

/** The newest deliveries of a channel, at most `limit`. */
export async function listDeliveries(sql: Db, channelId: string, limit: number): Promise<DeliveryRow[]> {
  return sql<DeliveryRow[]>`
    select * from channel_deliveries where channel_id = ${channelId} order by created_at desc, id desc limit ${limit}`;
}
