/**
 * What the widget remembers of its reader: the last visit (the unread badge counts entries published
 * after it) and the announcements already dismissed (each opens once). An anonymous reader's state is
 * kept in this browser's localStorage; an identified reader's on the server, keyed by their token's
 * `sub`, so two devices agree (docs/readers.md#what-an-identified-reader-gets): the widget JSON carries it
 * (`reader`) and `POST /api/widget/{slug}/seen` moves it.
 */
import type { ReaderState as ServerState } from '../../core/contract/readers.schema.ts';
import type { Api } from './api.ts';
import { type KeyValueStore, markSeen, readLastSeen } from './last-seen.ts';

export type ReaderState = {
  /** The newest `publishedAt` the reader has seen, or null for a first visit. */
  lastSeen: string | null;
  /** The reader opened the panel and saw everything up to `newest`. */
  seen(newest: string | null): void;
  /** Whether the reader has dismissed the announcement of `entryId`. */
  announced(entryId: string): boolean;
  /** The reader dismissed the announcements of `entryIds`. */
  dismiss(entryIds: readonly string[]): void;
};

/** At most this many dismissed announcements are remembered locally (the oldest are forgotten). */
const KEPT = 200;

/** An anonymous reader's state in `store` (none remembered when storage is missing or refuses). */
export function localReaderState(store: KeyValueStore | null, project: string): ReaderState {
  const key = `shiplog:${project}:announced`;
  let dismissed: string[] = [];
  try {
    const parsed: unknown = JSON.parse(store?.getItem(key) ?? '[]');
    if (Array.isArray(parsed)) dismissed = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    // Unreadable: nothing dismissed yet.
  }
  return {
    lastSeen: readLastSeen(store, project),
    seen: (newest) => markSeen(store, project, newest),
    announced: (entryId) => dismissed.includes(entryId),
    dismiss(entryIds) {
      dismissed = [...dismissed.filter((id) => !entryIds.includes(id)), ...entryIds].slice(-KEPT);
      try {
        store?.setItem(key, JSON.stringify(dismissed));
      } catch {
        // Storage refused: the announcement stays dismissed for this page only.
      }
    },
  };
}

/**
 * An identified reader's state, as the server sent it (`state`); what they see next is sent back.
 * A failed call is not retried: the server keeps what it had, and the badge counts again next time.
 */
export function serverReaderState(api: Api, slug: string, state: ServerState): ReaderState {
  let lastSeen = state.lastSeenAt;
  const dismissed = new Set(state.seenAnnouncements);
  const send = (body: { lastSeenAt?: string; announcementId?: string }) =>
    void api.seen(slug, body).catch(() => undefined);
  return {
    get lastSeen() {
      return lastSeen;
    },
    seen(newest) {
      if (newest === null || (lastSeen !== null && Date.parse(lastSeen) >= Date.parse(newest))) return;
      lastSeen = newest;
      send({ lastSeenAt: newest });
    },
    announced: (entryId) => dismissed.has(entryId),
    dismiss(entryIds) {
      for (const id of entryIds) {
        if (dismissed.has(id)) continue;
        dismissed.add(id);
        send({ announcementId: id });
      }
    },
  };
}

/**
 * The announcement to open: the newest entry marked `announce` that the reader has not dismissed, and
 * the ids to mark dismissed with it: it and the older ones not dismissed either, which a reader who
 * missed several would otherwise get one per page view, stale by then.
 */
export function nextAnnouncement<T extends { id: string; announce?: boolean; publishedAt: string }>(
  entries: readonly T[],
  state: Pick<ReaderState, 'announced'>,
): { entry: T; covers: string[] } | null {
  const pending = entries
    .filter((e) => e.announce && !state.announced(e.id))
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const entry = pending[0];
  return entry ? { entry, covers: pending.map((e) => e.id) } : null;
}
