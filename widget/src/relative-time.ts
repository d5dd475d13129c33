/**
 * "3 days ago" in the visitor's language (Intl.RelativeTimeFormat), from an ISO timestamp: the largest
 * unit that fits, counted in whole units (floored toward zero, as people say it: 18 months is "last
 * year", never "2 years ago"; 6 days is "6 days ago", not "last week").
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'minute');
}
