import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter } from '../../core/parse-retry-after.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0); // Thu, 26 Nov 2026 12:00:00 GMT

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  it('reads delay-seconds as given, around optional whitespace', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('7', NOW)).toBe(7);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120);
    expect(parseRetryAfter('86400', NOW)).toBe(86_400);
  });

  it('reads an HTTP-date in the future as the seconds until it, rounded up', () => {
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:30 GMT', NOW)).toBe(30);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:30 GMT', NOW + 500)).toBe(30);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:30 GMT', NOW + 1_500)).toBe(29);
    expect(parseRetryAfter('Fri, 27 Nov 2026 12:00:00 GMT', NOW)).toBe(86_400);
  });

  it('reads an HTTP-date in the past, or now, as no wait', () => {
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:59:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:00 GMT', NOW)).toBe(0);
  });

  it('is null for an absent header, a negative or fractional number and anything else', () => {
    for (const value of [
      undefined,
      null,
      '',
      '   ',
      '-5',
      '1.5',
      '1e3',
      '0x10',
      '+7',
      'soon',
      'soon 12',
      '2026-11-26T12:00:30Z',
      'Thu, 26 Nov 2026 12:00:30 UTC',
      'Thu, 31 Feb 2026 12:00:30 GMT',
      'Thu, 26 Nov 2026 24:00:30 GMT',
      'Thu, 26 Nov 2026 12:60:30 GMT',
      'Thu, 26 Foo 2026 12:00:30 GMT',
    ])
      expect(parseRetryAfter(value, NOW), String(value)).toBeNull();
  });
});

describe('HTTP-date (RFC 9110 §5.6.7)', () => {
  const SAMPLE = Date.UTC(1994, 10, 6, 8, 49, 37);

  it('accepts the three forms a recipient must accept, all as GMT', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(SAMPLE);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(SAMPLE);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW)).toBe(SAMPLE);
    expect(parseHttpDate('Thu Nov 26 12:00:30 2026', NOW)).toBe(NOW + 30_000);
  });

  it('takes a two-digit year more than 50 years ahead as the last such year in the past', () => {
    expect(parseHttpDate('Thursday, 26-Nov-26 12:00:30 GMT', NOW)).toBe(NOW + 30_000);
    expect(parseHttpDate('Monday, 26-Nov-76 12:00:00 GMT', NOW)).toBe(Date.UTC(2076, 10, 26, 12));
    expect(parseHttpDate('Saturday, 26-Nov-77 12:00:00 GMT', NOW)).toBe(Date.UTC(1977, 10, 26, 12));
  });
});
