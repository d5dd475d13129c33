/**
 * An anonymous reader's state in localStorage (widget/src/reader-state.ts): the last visit, the
 * announcements dismissed (each opens once), storage that refuses; and which announcement opens next.
 */
import { describe, expect, it } from 'vitest';
import { localReaderState, nextAnnouncement } from '../../widget/src/reader-state.ts';
import { memoryStore, refusing } from '../helpers/key-value-stores.ts';

const entries = [
  { id: 'ent_c', publishedAt: '2026-11-20T10:00:00.000Z', announce: false },
  { id: 'ent_b', publishedAt: '2026-11-18T10:00:00.000Z', announce: true },
  { id: 'ent_a', publishedAt: '2026-11-10T10:00:00.000Z', announce: true },
];

describe('nextAnnouncement', () => {
  it('opens the newest announcement not dismissed, covering the older ones not dismissed either', () => {
    expect(nextAnnouncement(entries, { announced: () => false })).toEqual({
      entry: entries[1],
      covers: ['ent_b', 'ent_a'],
    });
  });

  it('skips a dismissed announcement, and opens none when every one is dismissed', () => {
    expect(nextAnnouncement(entries, { announced: (id) => id === 'ent_b' })?.entry.id).toBe('ent_a');
    expect(nextAnnouncement(entries, { announced: () => true })).toBeNull();
    expect(nextAnnouncement([entries[0]!], { announced: () => false })).toBeNull();
  });

  it('goes by publication time, whatever the order it is given', () => {
    expect(nextAnnouncement([...entries].reverse(), { announced: () => false })?.entry.id).toBe('ent_b');
  });
});

describe('localReaderState', () => {
  it('remembers dismissed announcements for the next page view, per project', () => {
    const store = memoryStore();
    const state = localReaderState(store, 'acme');
    expect(state.announced('ent_b')).toBe(false);
    state.dismiss(['ent_b', 'ent_a']);
    expect(state.announced('ent_b')).toBe(true);
    const nextPage = localReaderState(store, 'acme');
    expect(nextPage.announced('ent_a')).toBe(true);
    expect(nextAnnouncement(entries, nextPage)).toBeNull();
    expect(localReaderState(store, 'other').announced('ent_a')).toBe(false);
  });

  it('keeps the last visit as last-seen.ts does, never moving it backwards', () => {
    const store = memoryStore();
    const state = localReaderState(store, 'acme');
    expect(state.lastSeen).toBeNull();
    state.seen('2026-11-20T10:00:00.000Z');
    state.seen('2026-11-01T10:00:00.000Z');
    expect(localReaderState(store, 'acme').lastSeen).toBe('2026-11-20T10:00:00.000Z');
  });

  it('works with storage that refuses or holds junk: nothing remembered, nothing thrown', () => {
    const state = localReaderState(refusing, 'acme');
    state.dismiss(['ent_b']);
    // Remembered for this page at least.
    expect(state.announced('ent_b')).toBe(true);
    const junk = memoryStore();
    junk.setItem('shiplog:acme:announced', '{"not":"a list"}');
    expect(localReaderState(junk, 'acme').announced('not')).toBe(false);
    expect(localReaderState(null, 'acme').lastSeen).toBeNull();
  });
});
