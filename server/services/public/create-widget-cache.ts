/**
 * The widget response of each project, serialized once and served as bytes with a precomputed strong
 * ETag until the project changes, one copy per reader language (docs/languages.md#readers): a reader
 * is only ever served the copy of the language chosen for them. Spec 4.4 / docs/api.md#widget-json.
 *
 * Invalidation: the process that writes calls `invalidate` right after its commit, and other processes
 * hear it through NOTIFY (db/notifications.ts). A generation counter stops a read that started before
 * an invalidation from caching what it read, so a change is visible in the very next response.
 */
import { WidgetResponseSchema } from '../../../core/contract/public.schema.ts';
import { createHash } from 'node:crypto';
import type { Sql } from '../../db/connect.ts';
import { loadChangelog } from './public-changelog.ts';
import { type Reader, readerSegments } from '../reader.ts';
import type { WidgetCache, WidgetItem } from '../widget-cache.ts';
import { contentLanguageOf } from '../languages/reader-locale.ts';
import { presentWidgetEntry } from './widget-entry.ts';

/** Spec 4.4 rule 4: the last 20 published entries. */
export const WIDGET_ENTRIES = 20;

async function loadWidget(
  sql: Sql,
  publicUrl: string,
  slug: string,
  component: string | undefined,
  reader: Reader | null,
  locale: string | undefined,
): Promise<WidgetItem | undefined> {
  const view = await loadChangelog(sql, slug, WIDGET_ENTRIES, component, reader, locale);
  if (!view) return undefined;
  const { project, entries } = view;
  // Encoded by the schema the API document publishes: a widget that strayed from it fails here.
  const document = WidgetResponseSchema.encode({
    project: {
      name: project.name,
      slug: project.slug,
      settings: { accent: project.accent, position: project.position, theme: project.theme },
      branding: project.plan === 'free',
      subscribe: project.access === 'public',
    },
    entries: entries.map((e) => presentWidgetEntry(publicUrl, project.slug, e)),
  });
  const body = Buffer.from(JSON.stringify(document));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    projectId: project.id,
    body,
    etag,
    contentLanguage: contentLanguageOf(view),
    empty: entries.length === 0,
  };
}

/**
 * The key of a widget: the slug, the component, the reader's language (one of the project's, so a
 * project has at most 21) and the reader's segments in a fixed order (what a reader sees depends on
 * nothing else of them). Anonymous readers and readers without segments share the plain entry.
 */
function cacheKey(
  slug: string,
  component: string | undefined,
  locale: string | undefined,
  reader: Reader | null,
): string {
  const plain = `${slug}\u0000${component ?? ''}\u0000${locale ?? ''}`;
  // A template, not an array joined: the hot path builds this key for every anonymous hit.
  if (!reader || reader.segments.length === 0) return plain;
  return [plain, ...[...reader.segments].sort()].join('\u0000');
}

/** How many parts a key of a reader without segments has (see {@link cacheKey}). */
const PLAIN_KEY_PARTS = 3;

/**
 * Widgets cached for readers with segments, at most: the host app decides the segments its tokens
 * carry, so the combinations are few, but a bound keeps a host that mints many from growing the heap.
 */
const MAX_SEGMENTED_ITEMS = 1000;

/** The cache of `sql`'s widgets; `publicUrl` is the `{base_url}` of the entries' page links. */
export function createWidgetCache(sql: Sql, publicUrl: string): WidgetCache {
  const bySlug = new Map<string, WidgetItem>();
  let generation = 0;
  let segmentedItems = 0;
  return {
    async get(slug, component, reader = null, locale = undefined) {
      const key = cacheKey(slug, component, locale, reader);
      const cached = bySlug.get(key);
      if (cached) return cached;
      const startedAt = generation;
      const item = await loadWidget(sql, publicUrl, slug, component, reader, locale);
      // A component with no entries is not kept: any string may be asked for, only real ones stay.
      const segmented = readerSegments(reader).length > 0;
      const keep =
        item &&
        generation === startedAt &&
        (component === undefined || !item.empty) &&
        (!segmented || segmentedItems < MAX_SEGMENTED_ITEMS);
      if (keep) {
        bySlug.set(key, item);
        if (segmented) segmentedItems++;
      }
      return item;
    },
    peek(slug, component, locale) {
      return bySlug.get(cacheKey(slug, component, locale, null));
    },
    invalidate(projectId) {
      generation++;
      for (const [key, item] of bySlug) if (item.projectId === projectId) bySlug.delete(key);
      segmentedItems = [...bySlug.keys()].filter(
        (key) => key.split('\u0000').length > PLAIN_KEY_PARTS,
      ).length;
    },
    clear() {
      generation++;
      bySlug.clear();
      segmentedItems = 0;
    },
  };
}
