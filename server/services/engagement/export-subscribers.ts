/**
 * A project's subscribers as CSV (RFC 4180, UTF-8, CRLF line ends, header row), streamed: rows are read
 * in batches of `EXPORT_BATCH` by address (a keyset over the unique (project, email) index), each batch
 * its own short query, so neither memory nor a database connection is held by a slow download, and
 * written by csv-stringify, which quotes what needs quoting. A cell starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return is prefixed with `'` (csv-stringify's `escape_formulas`; OWASP "CSV
 * Injection"), so a spreadsheet shows a hostile address as text instead of running it as a formula.
 */
import { pipeline, Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { listSubscribersByEmail, type SubscriberFilter } from '../../db/subscribers.ts';
import type { ServiceContext } from '../context.ts';

/** Rows read per query. */
export const EXPORT_BATCH = 1000;

/** The export's columns, in order (the header row). */
export const EXPORT_COLUMNS = ['email', 'status', 'createdAt', 'confirmedAt', 'unsubscribedAt'] as const;

async function* subscriberRows(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
  filter: SubscriberFilter,
): AsyncGenerator<Record<(typeof EXPORT_COLUMNS)[number], string>> {
  let after: string | undefined;
  for (;;) {
    const batch = await listSubscribersByEmail(ctx.sql, projectId, filter, after, EXPORT_BATCH);
    for (const s of batch) {
      yield {
        email: s.email,
        status: s.status,
        createdAt: s.createdAt.toISOString(),
        confirmedAt: s.confirmedAt?.toISOString() ?? '',
        unsubscribedAt: s.unsubscribedAt?.toISOString() ?? '',
      };
    }
    if (batch.length < EXPORT_BATCH) return;
    after = batch.at(-1)!.email;
  }
}

/**
 * The CSV stream of the project's subscribers matching `filter`, ordered by address. A database error
 * midway destroys the stream (the download ends short, never silently complete).
 */
export function exportSubscribersCsv(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
  filter: SubscriberFilter,
): Transform {
  const csv = stringify({
    header: true,
    columns: [...EXPORT_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  pipeline(Readable.from(subscriberRows(ctx, projectId, filter)), csv, () => {});
  return csv;
}
