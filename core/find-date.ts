/**
 * The calendar date written in a changelog's heading or release line, in the forms changelogs use:
 * ISO 8601 (`2024-01-02`, also with `/` or `.`: `2024/01/02`), and English month names
 * (`January 2, 2024`, `Jan. 2nd, 2024`, `2 January 2024`). Pure; no time zone (a date is a day).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

const ISO = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
const MONTH_FIRST = new RegExp(`(?<![a-z])${MONTH}\\s+${DAY},?\\s+(\\d{4})(?!\\d)`, 'i');
const DAY_FIRST = new RegExp(`(?<!\\d)${DAY}\\s+${MONTH},?\\s+(\\d{4})(?!\\d)`, 'i');

export type FoundDate = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Where it was found in the text, and how long it is there (to take it out of a title). */
  index: number;
  length: number;
};

function isoDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is this month's last day (leap years included).
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last || year < 1970 || year > 9999) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase() as never) + 1;

/** The first real date in `text` (a 31 February is none), or null. */
export function findDate(text: string): FoundDate | null {
  const found: FoundDate[] = [];
  const iso = ISO.exec(text);
  if (iso) {
    const date = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date) found.push({ date, index: iso.index, length: iso[0].length });
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const date = isoDay(Number(monthFirst[3]), monthNumber(monthFirst[1]!), Number(monthFirst[2]));
    if (date) found.push({ date, index: monthFirst.index, length: monthFirst[0].length });
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const date = isoDay(Number(dayFirst[3]), monthNumber(dayFirst[2]!), Number(dayFirst[1]));
    if (date) found.push({ date, index: dayFirst.index, length: dayFirst[0].length });
  }
  return found.sort((a, b) => a.index - b.index)[0] ?? null;
}
