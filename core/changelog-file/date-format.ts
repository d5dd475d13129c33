/**
 * The way a changelog writes a release's date, read from one it wrote (`2024-01-02`, `2024/01/02`,
 * `January 2, 2024`, `Jan. 2nd, 2024`, `2 January 2024`…: the forms core/find-date.ts reads), so a new
 * release's date is written the same way: the same order, separators, padding, month names and
 * ordinals. Pure; a date is a calendar day (`YYYY-MM-DD`), no time zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day written in a changelog's way: `{y}`, `{m}`, `{d}` and their forms, between literal text. */
export type DateFormat = {
  order: 'ymd' | 'mdy' | 'dmy';
  /** The text between the parts (`-`, ` `, `, `), in the order written. */
  separators: [string, string];
  /** Months and days of one digit written with a leading zero (numeric dates). */
  padded: { month: boolean; day: boolean };
  /** Month names: `full` (`January`), `short` (`Jan`), or numbers. */
  month: 'number' | 'full' | 'short';
  /** How a month name is cased, and whether a short one takes a period (`Jan.`). */
  monthCase: 'title' | 'lower' | 'upper';
  monthPeriod: boolean;
  /** `2nd`, `3rd`, `21st`. */
  ordinal: boolean;
};

const NAME = '([A-Za-z]{3,9})(\\.?)';
const DAY = '(\\d{1,2})(st|nd|rd|th)?';
const ISO = /^(\d{4})([-/.])(\d{1,2})([-/.])(\d{1,2})$/;
const MONTH_FIRST = new RegExp(`^${NAME}(\\s+)${DAY}(,?\\s+)(\\d{4})$`);
const DAY_FIRST = new RegExp(`^${DAY}(\\s+)${NAME}(,?\\s+)(\\d{4})$`);

function caseOf(name: string): DateFormat['monthCase'] {
  if (name === name.toUpperCase()) return 'upper';
  return name === name.toLowerCase() ? 'lower' : 'title';
}

function named(name: string, period: string) {
  const full = MONTHS.find((m) => m.toLowerCase() === name.toLowerCase());
  return {
    month: full ? ('full' as const) : ('short' as const),
    monthCase: caseOf(name),
    monthPeriod: period === '.',
  };
}

/** The format of `literal` (a date as a changelog wrote it), or null when it is none of the forms. */
export function readDateFormat(literal: string): DateFormat | null {
  const iso = ISO.exec(literal);
  if (iso)
    return {
      order: 'ymd',
      separators: [iso[2]!, iso[4]!],
      padded: { month: iso[3]!.length === 2, day: iso[5]!.length === 2 },
      month: 'number',
      monthCase: 'title',
      monthPeriod: false,
      ordinal: false,
    };
  const mdy = MONTH_FIRST.exec(literal);
  if (mdy)
    return {
      order: 'mdy',
      separators: [mdy[3]!, mdy[6]!],
      padded: { month: false, day: mdy[4]!.length === 2 && mdy[4]!.startsWith('0') },
      ...named(mdy[1]!, mdy[2]!),
      ordinal: mdy[5] !== undefined,
    };
  const dmy = DAY_FIRST.exec(literal);
  if (dmy)
    return {
      order: 'dmy',
      separators: [dmy[3]!, dmy[6]!],
      padded: { month: false, day: dmy[1]!.length === 2 && dmy[1]!.startsWith('0') },
      ...named(dmy[4]!, dmy[5]!),
      ordinal: dmy[2] !== undefined,
    };
  return null;
}

/** Keep a Changelog's: `2024-01-02`. */
export const ISO_DATE: DateFormat = readDateFormat('2024-01-02')!;

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function monthName(month: number, format: DateFormat): string {
  const full = MONTHS[month - 1]!;
  // September's short form is `Sept` in some changelogs, `Sep` in most: the three letters are kept.
  const name = format.month === 'full' ? full : full.slice(0, 3);
  const cased =
    format.monthCase === 'upper'
      ? name.toUpperCase()
      : format.monthCase === 'lower'
        ? name.toLowerCase()
        : name;
  return format.month === 'short' && format.monthPeriod && name !== full ? `${cased}.` : cased;
}

/** `day` (`YYYY-MM-DD`) written in `format`. */
export function formatDate(day: string, format: DateFormat): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const pad = (n: number, yes: boolean) => (yes ? String(n).padStart(2, '0') : String(n));
  const [first, second] = format.separators;
  if (format.month === 'number')
    return `${y}${first}${pad(m, format.padded.month)}${second}${pad(d, format.padded.day)}`;
  const dayText = `${pad(d, format.padded.day)}${format.ordinal ? ordinal(d) : ''}`;
  const month = monthName(m, format);
  return format.order === 'mdy'
    ? `${month}${first}${dayText}${second}${y}`
    : `${dayText}${first}${month}${second}${y}`;
}
