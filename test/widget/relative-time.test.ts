/** The widget's "published … ago": whole units, floored toward zero, in the visitor's language. */
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../widget/src/relative-time.ts';

const now = Date.parse('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const DAY = 24 * 3600;

describe('relative time', () => {
  it('never rounds up: 18 months is last year, 11 months is 11 months, 6 days is 6 days', () => {
    expect(relativeTime(ago(548 * DAY), now, 'en')).toBe('last year');
    expect(relativeTime(ago(2 * 365 * DAY + 300 * DAY), now, 'en')).toBe('2 years ago');
    expect(relativeTime(ago(335 * DAY), now, 'en')).toBe('11 months ago');
    expect(relativeTime(ago(6 * DAY + 20 * 3600), now, 'en')).toBe('6 days ago');
    expect(relativeTime(ago(13 * DAY), now, 'en')).toBe('last week');
    expect(relativeTime(ago(90 * 60), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(20), now, 'en')).toBe('this minute');
  });

  it("speaks the visitor's language", () => {
    expect(relativeTime(ago(3 * DAY), now, 'de')).toBe('vor 3 Tagen');
  });
});
