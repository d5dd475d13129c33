/**
 * The widget response of each project, serialized once and served as bytes with a precomputed strong
 * ETag until the project changes. Spec 4.4 / CONTRACT.md "GET /api/widget/{slug}".
 *
 * Invalidation: the process that writes calls `invalidate` right after its commit, and other processes
 * hear it through NOTIFY (db/notifications.ts). A generation counter stops a read that started before
 * an invalidation from caching what it read, so a change is visible in the very next response.
 */
import { WidgetResponseSchema } from '../../../core/contract/public.schema.ts';
import { titleWithoutVersion } from '../../../core/contract/titles.ts';
import { createHash } from 'node:crypto';
import type { Sql } from '../../db/connect.ts';
import { loadChangelog } from './public-changelog.ts';

/** Spec 4.4 rule 4: the last 20 published entries. */
export const WIDGET_ENTRIES = 20;

export type WidgetItem = { projectId: string; body: Buffer; etag: string; empty?: boolean };

export type WidgetCache = {
  /**
   * The widget of project `slug` (of its monorepo `component` only, when given), or undefined when no
   * project has that slug.
   */
  get(slug: string, component?: string): Promise<WidgetItem | undefined>;
  invalidate(projectId: string): void;
  clear(): void;
};

async function loadWidget(
  sql: Sql,
  publicUrl: string,
  slug: string,
  component: string | undefined,
): Promise<WidgetItem | undefined> {
  const view = await loadChangelog(sql, slug, WIDGET_ENTRIES, component);
  if (!view) return undefined;
  const { project, entries } = view;
  // Encoded by the schema the API document publishes: a widget that strayed from it fails here.
  const document = WidgetResponseSchema.encode({
    project: {
      name: project.name,
      slug: project.slug,
      settings: { accent: project.accent, position: project.position, theme: project.theme },
      branding: project.plan === 'free',
    },
    entries: entries.map((e) => ({
      id: e.id,
      // The widget shows the version apart: a title stored with it in front does not repeat it.
      title: titleWithoutVersion(e.title, e.version),
      version: e.version,
      category: e.category,
      publishedAt: e.publishedAt!.toISOString(),
      html: e.html,
      reactions: e.reactions,
      // The entry's public page, where the widget's "Read more" of a long entry leads.
      url: `${publicUrl}/changelog/${project.slug}/${e.slug}`,
    })),
  });
  const body = Buffer.from(JSON.stringify(document));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { projectId: project.id, body, etag, empty: entries.length === 0 };
}

/** The cache of `sql`'s widgets; `publicUrl` is the `{base_url}` of the entries' page links. */
export function createWidgetCache(sql: Sql, publicUrl: string): WidgetCache {
  const bySlug = new Map<string, WidgetItem>();
  let generation = 0;
  return {
    async get(slug, component) {
      const key = component === undefined ? slug : `${slug}\u0000${component}`;
      const cached = bySlug.get(key);
      if (cached) return cached;
      const startedAt = generation;
      const item = await loadWidget(sql, publicUrl, slug, component);
      // A component with no entries is not kept: any string may be asked for, only real ones stay.
      const keep = item && generation === startedAt && (component === undefined || !item.empty);
      if (keep) bySlug.set(key, item);
      return item;
    },
    invalidate(projectId) {
      generation++;
      for (const [slug, item] of bySlug) if (item.projectId === projectId) bySlug.delete(slug);
    },
    clear() {
      generation++;
      bySlug.clear();
    },
  };
}
