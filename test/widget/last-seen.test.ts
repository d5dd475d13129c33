/** The unread badge: entries newer than the last visit, the latest few for a new visitor, and storage that refuses. */
import { describe, expect, it } from 'vitest';
import {
  countUnread,
  markSeen,
  NEW_VISITOR_UNREAD,
  newestPublishedAt,
  readLastSeen,
} from '../../widget/src/last-seen.ts';
import { memoryStore, refusing } from '../helpers/key-value-stores.ts';

const entries = [
  { publishedAt: '2026-11-20T10:00:00.000Z' },
  { publishedAt: '2026-11-18T10:00:00.000Z' },
  { publishedAt: '2026-11-10T10:00:00.000Z' },
  { publishedAt: '2026-10-01T10:00:00.000Z' },
  { publishedAt: '2026-09-01T10:00:00.000Z' },
];

describe('unread count', () => {
  it('shows a new visitor the latest few, not everything', () => {
    expect(countUnread(entries, null)).toBe(NEW_VISITOR_UNREAD);
    expect(countUnread(entries.slice(0, 2), null)).toBe(2);
    expect(countUnread([], null)).toBe(0);
    expect(countUnread(entries, 'not a date')).toBe(NEW_VISITOR_UNREAD);
  });

  it('counts what was published after the last visit', () => {
    expect(countUnread(entries, '2026-11-18T10:00:00.000Z')).toBe(1);
    expect(countUnread(entries, '2026-11-20T10:00:00.000Z')).toBe(0);
    expect(countUnread(entries, '2026-01-01T00:00:00.000Z')).toBe(5);
  });

  it('remembers the newest entry seen per project, never moving backwards', () => {
    const store = memoryStore();
    expect(newestPublishedAt(entries)).toBe('2026-11-20T10:00:00.000Z');
    markSeen(store, 'acme', newestPublishedAt(entries));
    expect(readLastSeen(store, 'acme')).toBe('2026-11-20T10:00:00.000Z');
    expect(readLastSeen(store, 'other')).toBeNull();
    markSeen(store, 'acme', '2026-01-01T00:00:00.000Z');
    expect(readLastSeen(store, 'acme')).toBe('2026-11-20T10:00:00.000Z');
    markSeen(store, 'acme', null);
    expect(store.data.size).toBe(1);
  });

  it('works without storage, or with storage that refuses', () => {
    expect(readLastSeen(null, 'acme')).toBeNull();
    expect(readLastSeen(refusing, 'acme')).toBeNull();
    expect(() => markSeen(refusing, 'acme', '2026-11-20T10:00:00.000Z')).not.toThrow();
    expect(() => markSeen(null, 'acme', '2026-11-20T10:00:00.000Z')).not.toThrow();
  });
});
