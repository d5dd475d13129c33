/** A changelog's date format read from one date it wrote, and another date written the same way. */
import { describe, expect, it } from 'vitest';
import { formatDate, readDateFormat } from '../../../core/changelog-file/date-format.ts';

describe('readDateFormat + formatDate', () => {
  it.each([
    ['2023-03-05', '2026-11-20', '2026-11-20'],
    ['2023/03/05', '2026-01-02', '2026/01/02'],
    ['2023.3.5', '2026-01-02', '2026.1.2'],
    ['January 2, 2024', '2026-03-09', 'March 9, 2026'],
    ['Jan. 2nd, 2024', '2026-03-23', 'Mar. 23rd, 2026'],
    ['Dec 11th, 2024', '2026-02-01', 'Feb 1st, 2026'],
    ['2 November 2023', '2026-06-12', '12 June 2026'],
    ['02 Nov 2023', '2026-06-07', '07 Jun 2026'],
    ['november 2, 2023', '2026-06-07', 'june 7, 2026'],
  ])('%s → %s is written %s, and the date itself as written', (literal, day, expected) => {
    const format = readDateFormat(literal)!;
    expect(format).not.toBeNull();
    expect(formatDate(day, format)).toBe(expected);
    const iso = day === '2026-11-20' ? '2023-03-05' : null;
    if (iso) expect(formatDate(iso, format)).toBe(literal);
  });

  it('writes every date of the fixtures’ own forms back as written', () => {
    for (const [literal, day] of [
      ['2023-09-18', '2023-09-18'],
      ['March 5, 2023', '2023-03-05'],
      ['11th Feb 2021', '2021-02-11'],
    ] as const)
      expect(formatDate(day, readDateFormat(literal)!)).toBe(literal);
  });

  it('reads no format from what is not a date', () => {
    expect(readDateFormat('soon')).toBeNull();
    expect(readDateFormat('2023-03')).toBeNull();
  });
});
