/**
 * The unread badge (docs/widget.md#widget: entries newer than the visitor's last visit). The
 * newest `publishedAt` the visitor has seen is kept in localStorage; a visitor with none yet sees the
 * latest few as new, not all twenty. Pure functions plus a storage that may be missing or refuse
 * (Safari's private mode, storage turned off): then nothing is remembered and nothing breaks.
 */

/** How many of the latest entries a first-time visitor is shown as new. */
export const NEW_VISITOR_UNREAD = 3;

/** What the widget needs of `localStorage` (tests pass a Map-backed one). */
export type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

/** Entries published after `lastSeen` (an ISO timestamp), or the latest few for a new visitor. */
export function countUnread(entries: readonly { publishedAt: string }[], lastSeen: string | null): number {
  if (lastSeen === null) return Math.min(NEW_VISITOR_UNREAD, entries.length);
  const seen = Date.parse(lastSeen);
  if (Number.isNaN(seen)) return Math.min(NEW_VISITOR_UNREAD, entries.length);
  return entries.filter((e) => Date.parse(e.publishedAt) > seen).length;
}

/** The newest `publishedAt` of `entries`, or null when there are none. */
export function newestPublishedAt(entries: readonly { publishedAt: string }[]): string | null {
  let newest: string | null = null;
  for (const e of entries)
    if (newest === null || Date.parse(e.publishedAt) > Date.parse(newest)) newest = e.publishedAt;
  return newest;
}

const keyOf = (project: string) => `shiplog:${project}:seen`;

export function readLastSeen(store: KeyValueStore | null, project: string): string | null {
  try {
    return store?.getItem(keyOf(project)) ?? null;
  } catch {
    return null;
  }
}

/** Remember that the visitor has seen everything up to `newest`; never moves backwards. */
export function markSeen(store: KeyValueStore | null, project: string, newest: string | null): void {
  if (!store || newest === null) return;
  try {
    const previous = store.getItem(keyOf(project));
    if (previous && Date.parse(previous) >= Date.parse(newest)) return;
    store.setItem(keyOf(project), newest);
  } catch {
    // Storage refused (quota, private mode): the badge simply counts again next time.
  }
}
