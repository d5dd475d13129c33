/**
 * The one `Retry-After` parser (RFC 9110 §10.2.3), used by the API client, the webhook channels and
 * the AI provider's errors (server/services/drafting/ask-model.ts):
 * `Retry-After = HTTP-date / delay-seconds`, `delay-seconds = 1*DIGIT`.
 *
 * An HTTP-date is read in all three forms a recipient must accept (RFC 9110 §5.6.7): IMF-fixdate
 * (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`)
 * and asctime (`Sun Nov  6 08:49:37 1994`), always as GMT. `Date.parse` is not used on its own: it
 * takes strings such as `-5` or `soon 12` for dates, and reads asctime in the local time zone.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(
  `^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`,
);
const ASCTIME_DATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/** Milliseconds since the epoch of a valid date, or null (31 Feb, 25:00 and the like are not dates). */
function utc(year: number, month: string, day: number, hour: number, minute: number, second: number) {
  const monthIndex = MONTHS.indexOf(month);
  const at = new Date(Date.UTC(year, monthIndex, day, hour, minute, second));
  const valid =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === monthIndex &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second;
  return valid ? at.getTime() : null;
}

/**
 * An HTTP-date (RFC 9110 §5.6.7) as milliseconds since the epoch, or null when `value` is not one.
 * A two-digit RFC 850 year more than 50 years ahead of `now` is the most recent past year ending so.
 */
export function parseHttpDate(value: string, now: number): number | null {
  let match = IMF_FIXDATE.exec(value);
  if (match) {
    const [, day, month, year, h, m, s] = match;
    return utc(Number(year), month!, Number(day), Number(h), Number(m), Number(s));
  }
  match = RFC850_DATE.exec(value);
  if (match) {
    const [, day, month, yy, h, m, s] = match;
    const thisYear = new Date(now).getUTCFullYear();
    let year = thisYear - (thisYear % 100) + Number(yy);
    if (year > thisYear + 50) year -= 100;
    return utc(year, month!, Number(day), Number(h), Number(m), Number(s));
  }
  match = ASCTIME_DATE.exec(value);
  if (match) {
    const [, month, day, h, m, s, year] = match;
    return utc(Number(year), month!, Number(day!.trim()), Number(h), Number(m), Number(s));
  }
  return null;
}

/**
 * `Retry-After` as whole seconds to wait from `now` (milliseconds since the epoch), never negative:
 * delay-seconds as given, an HTTP-date as the seconds until it (rounded up; 0 once it has passed).
 * Returns null when the header is absent or is neither form (a negative or fractional number, a
 * date in another format, anything else): the caller then uses its own delay.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  // Optional whitespace around a field value is not part of it (RFC 9110 §5.5).
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const at = parseHttpDate(text, now);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
