/**
 * A point in time as every route takes it (`publishAt`, publish's `at`, an imported release's
 * `publishedAt`, the widget's `lastSeenAt`, the analytics bounds): an RFC 3339 date-time with an offset
 * (`Z` or `±hh:mm`), from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z once the offset is applied.
 *
 * Why that range: PostgreSQL has no year 0, JavaScript writes a year past 9999 with a sign
 * (`+010000-…`) that PostgreSQL cannot read, and the database driver reads a year before 100 back as
 * another century; a changelog holds nothing before 1970. Outside it, a time was a 500 from the
 * database; now it is `400 invalid` at its field.
 *
 * The whole rule is one regular expression, so the API document's `pattern` is exactly what the server
 * accepts: years 1970-9999, and on the two edge days only offsets that stay inside (on 1970-01-01 `Z`,
 * `+00:00` or a negative offset; on 9999-12-31 `Z`, `-00:00` or a positive one).
 */
import { z } from 'zod';
import { regexes } from 'zod/v4/core';

export const EARLIEST_INSTANT = '1970-01-01T00:00:00Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';

/** A year from 1970 to 9999. */
const YEAR_IN_RANGE = '(?=19[7-9]\\d-|[2-9]\\d{3}-)';
/** Lookaheads: a year in range, and no offset that leaves the range on the first or last day. */
const IN_RANGE = `${YEAR_IN_RANGE}(?!1970-01-01T[^Z+-]*\\+(?!00:00$))(?!9999-12-31T[^Z+-]*-(?!00:00$))`;

/** zod's own RFC 3339 date-time with an offset, within the range. */
export const INSTANT_PATTERN = new RegExp(
  `^${IN_RANGE}${regexes.datetime({ offset: true }).source.slice(1)}`,
);

/** An instant in the range, as text (for a union of several forms: parse the union into a `Date`). */
export const InstantTextSchema = z
  .string()
  .regex(
    INSTANT_PATTERN,
    `must be a date-time with an offset (2026-05-01T09:00:00Z), from ${EARLIEST_INSTANT} to ${LATEST_INSTANT}`,
  )
  .meta({ format: 'date-time' });

/** An instant in the range, parsed into a `Date`. */
export const InstantSchema = InstantTextSchema.transform((s) => new Date(s));

/** zod's own calendar date (`2026-05-01`), from 1970-01-01 to 9999-12-31. */
export const DAY_PATTERN = new RegExp(`^${YEAR_IN_RANGE}${regexes.date.source.slice(1)}`);

/** A calendar date in the range, as text; `new Date()` of it is its start (UTC). */
export const DayTextSchema = z
  .string()
  .regex(DAY_PATTERN, 'must be a date (2026-05-01) from 1970-01-01 to 9999-12-31')
  .meta({ format: 'date' });
