/**
 * Each project's access by slug, kept in memory so that an anonymous widget request, served from the
 * widget cache, costs no database round trip to learn that its project is public (the widget's hot
 * path; bench/widget-throughput.ts). Dropped exactly when the widget cache is: every change to a
 * project (its access included) invalidates it, in this process at once and in the others through
 * PostgreSQL `NOTIFY` (db/notifications.ts), so the two never disagree. A generation counter stops a
 * read that started before an invalidation from keeping what it read. Unknown slugs are not kept:
 * any string may be asked for.
 */
import type { Sql } from '../../db/connect.ts';
import { findReaderProjectBySlug, type ReaderProjectRow } from '../../db/reader-projects.ts';
import type { WidgetCache } from '../widget-cache.ts';

export type ReaderProjectCache = {
  get(slug: string): Promise<ReaderProjectRow | undefined>;
  /** The project of `slug` when it is cached, without waiting (the widget's hot path); else undefined. */
  peek(slug: string): ReaderProjectRow | undefined;
};

/**
 * What this cache follows of the widget cache (services/widget-cache.ts, one per app): its two ways
 * of being dropped, which this cache wraps to be dropped with it.
 */
type FollowedCache = Pick<WidgetCache, 'invalidate' | 'clear'>;

const caches = new WeakMap<FollowedCache, ReaderProjectCache>();

/** The cache that lives and is dropped with `widgetCache` (one per app). */
export function readerProjectCache(sql: Sql, widgetCache: FollowedCache): ReaderProjectCache {
  let cache = caches.get(widgetCache);
  if (!cache) {
    cache = createCache(sql, widgetCache);
    caches.set(widgetCache, cache);
  }
  return cache;
}

function createCache(sql: Sql, widgetCache: FollowedCache): ReaderProjectCache {
  const bySlug = new Map<string, ReaderProjectRow>();
  let generation = 0;
  // Whoever invalidates the widget cache (a write here, NOTIFY from another instance) drops these too.
  const invalidate = widgetCache.invalidate.bind(widgetCache);
  const clear = widgetCache.clear.bind(widgetCache);
  widgetCache.invalidate = (projectId) => {
    generation++;
    for (const [slug, row] of bySlug) if (row.id === projectId) bySlug.delete(slug);
    invalidate(projectId);
  };
  widgetCache.clear = () => {
    generation++;
    bySlug.clear();
    clear();
  };
  return {
    async get(slug) {
      const cached = bySlug.get(slug);
      if (cached) return cached;
      const startedAt = generation;
      const row = await findReaderProjectBySlug(sql, slug);
      if (row && generation === startedAt) bySlug.set(slug, row);
      return row;
    },
    peek(slug) {
      return bySlug.get(slug);
    },
  };
}
