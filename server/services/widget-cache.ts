/**
 * The widget cache as the services and routes hold it (`ctx.widgetCache`): the widget response of
 * each project, served as bytes with a precomputed strong ETag until the project changes.
 * services/public/create-widget-cache.ts builds it.
 */
import type { Reader } from './reader.ts';

/**
 * A widget answer: its bytes and ETag, and `contentLanguage`, the `Content-Language` of the answer
 * (the locales its entries show, the reader's first; the reader's when it has none).
 */
export type WidgetItem = {
  projectId: string;
  body: Buffer;
  etag: string;
  contentLanguage: string;
  empty?: boolean;
};

export type WidgetCache = {
  /**
   * The widget of project `slug` (of its monorepo `component` only, when given) as `reader` (null or
   * omitted: anonymous) may see it, or undefined when no project has that slug.
   */
  get(
    slug: string,
    component?: string,
    reader?: Reader | null,
    locale?: string,
  ): Promise<WidgetItem | undefined>;
  /**
   * The anonymous widget of `slug` (and `component`) in `locale` when it is cached, without waiting:
   * the hot path of a public project's anonymous readers (routes/public/widget.ts).
   */
  peek(slug: string, component: string | undefined, locale: string): WidgetItem | undefined;
  invalidate(projectId: string): void;
  clear(): void;
};
