/**
 * Opaque keyset cursors for the list routes (entries, subscribers): base64url JSON of the last row's
 * sort key and id, then `.` and an HMAC-SHA-256 tag (128 bits) over that JSON and the cursor's scope:
 * the list it came from, the project, and the filters the page was made with (docs/api.md#entries: a cursor is bound to its filters and signed, so a tampered or foreign cursor
 * is `400 invalid` at `/query/cursor`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { InvalidError } from '../../errors/errors.ts';

const CursorSchema = z.strictObject({ s: z.iso.datetime(), i: z.string().min(1).max(64) });

export type CursorFilters = Record<string, string | undefined>;

/** What a cursor is valid for: one list of one project, with the same filters. */
export type CursorScope = {
  list: 'entries' | 'subscribers' | 'audit';
  projectId: string;
  filters: CursorFilters;
  /** The deployment's cursor secret (db/instance-secrets.ts). */
  secret: Buffer;
};

function scopeKey(scope: CursorScope): string {
  const filters = Object.keys(scope.filters)
    .sort()
    .filter((k) => scope.filters[k] !== undefined)
    .map((k) => `${k}=${scope.filters[k]}`)
    .join('&');
  return `${scope.list}\n${scope.projectId}\n${filters}`;
}

function tag(payload: string, scope: CursorScope): Buffer {
  return createHmac('sha256', scope.secret)
    .update(`${scopeKey(scope)}\n${payload}`)
    .digest()
    .subarray(0, 16);
}

export function encodeCursor(last: { sortAt: Date; id: string }, scope: CursorScope): string {
  const payload = Buffer.from(JSON.stringify({ s: last.sortAt.toISOString(), i: last.id })).toString(
    'base64url',
  );
  return `${payload}.${tag(payload, scope).toString('base64url')}`;
}

/** @throws InvalidError for a malformed, tampered or foreign cursor, or one made with other filters. */
export function decodeCursor(cursor: string, scope: CursorScope): { sortAt: Date; id: string } {
  const [payload = '', signature = ''] = cursor.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = tag(payload, scope);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidError('cursor is not a cursor of this listing', [
      {
        pointer: '/query/cursor',
        detail: 'Pass nextCursor as returned, with the same status/category/visibility filters',
      },
    ]);
  }
  const parsed = CursorSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
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
  scope: CursorScope,
  url: string,
): { page: T[]; nextCursor: string | null; nextLink: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || !last) return { page, nextCursor: null, nextLink: null };
  const nextCursor = encodeCursor(keyOf(last), scope);
  const query = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(scope.filters)) if (value !== undefined) query.set(name, value);
  query.set('cursor', nextCursor);
  return { page, nextCursor, nextLink: `<${url}?${query}>; rel="next"` };
}
