/**
 * Opaque keyset cursors for the list routes (entries, subscribers): base64url JSON of the last row's
 * sort key and id and of the filters the page was made with. A cursor used with other filters, or
 * tampered with, is a 400 `invalid` at `/query/cursor` (CONTRACT.md: a cursor is bound to its filters).
 */
import { z } from 'zod';
import { InvalidError } from '../errors.ts';

const CursorSchema = z.strictObject({ s: z.iso.datetime(), i: z.string().min(1).max(64), f: z.string() });

export type CursorFilters = Record<string, string | undefined>;

function filterKey(filters: CursorFilters): string {
  return Object.keys(filters)
    .sort()
    .filter((k) => filters[k] !== undefined)
    .map((k) => `${k}=${filters[k]}`)
    .join('&');
}

export function encodeCursor(last: { sortAt: Date; id: string }, filters: CursorFilters): string {
  return Buffer.from(
    JSON.stringify({ s: last.sortAt.toISOString(), i: last.id, f: filterKey(filters) }),
  ).toString('base64url');
}

/** @throws InvalidError for a malformed cursor or one made with other filters. */
export function decodeCursor(cursor: string, filters: CursorFilters): { sortAt: Date; id: string } {
  let parsed: z.infer<typeof CursorSchema>;
  try {
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new InvalidError('cursor is not a cursor returned by this API', [
      { pointer: '/query/cursor', detail: 'Malformed cursor; pass nextCursor as returned' },
    ]);
  }
  if (parsed.f !== filterKey(filters)) {
    throw new InvalidError('cursor was made with other filters', [
      {
        pointer: '/query/cursor',
        detail: 'This cursor belongs to a listing with other status/category/visibility filters',
      },
    ]);
  }
  return { sortAt: new Date(parsed.s), id: parsed.i };
}

/**
 * One page of a keyset listing. `rows` were fetched with `limit + 1`: the extra row only says that a
 * next page exists. `nextLink` is the RFC 8288 `Link` value (`<url>; rel="next"`) for `url` with
 * `limit`, the filters and the cursor as query, or null on the last page.
 */
export function keysetPage<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => { sortAt: Date; id: string },
  filters: CursorFilters,
  url: string,
): { page: T[]; nextCursor: string | null; nextLink: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || !last) return { page, nextCursor: null, nextLink: null };
  const nextCursor = encodeCursor(keyOf(last), filters);
  const query = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, value);
  query.set('cursor', nextCursor);
  return { page, nextCursor, nextLink: `<${url}?${query}>; rel="next"` };
}
