/**
 * The widget's hot path (docs/widget.md, bench/widget-throughput.ts): an anonymous reader (no
 * `X-Shiplog-Reader`, no `?token=`) of a public project whose widget is already cached in their
 * language gets it from memory in the route's `onRequest` hook, synchronously: no validation, no
 * reader identity, no access or segment check, since none of them can change what such a reader is
 * sent. Anything else (a token, an unknown query field, a `?locale=` that is not a BCP 47 tag, a
 * project not cached yet, an `identified` project) goes on to the route, which decides it the whole way
 * and fills the caches for the next reader.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fresh from 'fresh';
import { canonicalLocale } from '../../../core/contract/languages.schema.ts';
import { READER_HEADER, READER_VARY } from '../../plugins/reader-identity.ts';
import { chooseReaderLocale } from '../../services/languages/reader-locale.ts';
import type { WidgetCache, WidgetItem } from '../../services/widget-cache.ts';
import type { ReaderProjectCache } from '../../services/readers/reader-project-cache.ts';

/** Spec 4.4 rule 3 and section 8: an anonymous answer of a public project. */
export const WIDGET_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';
const VARY = READER_VARY.join(', ');
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Send `item` (or `304` when the request's `If-None-Match` names its ETag) with its headers.
 * @param cacheControl the answer's `Cache-Control` (private for a reader's own answer).
 */
export function sendWidgetItem(
  request: FastifyRequest,
  reply: FastifyReply,
  item: Pick<WidgetItem, 'body' | 'etag' | 'contentLanguage'>,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', item.etag).header('vary', VARY);
  reply.header('content-language', item.contentLanguage);
  if (fresh(request.headers, { etag: item.etag })) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(item.body);
}

/** The `component` and canonical `locale` of a query the hot path may answer, else undefined. */
function plainQuery(query: unknown): { component?: string; locale?: string } | undefined {
  let component: string | undefined;
  let locale: string | undefined;
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    // U+FFFD: bytes that were not UTF-8 (`%FF`), which the whole way refuses (plugins/strict-input.ts).
    if (typeof value !== 'string' || value.includes('\uFFFD')) return undefined;
    if (key === 'component') component = value;
    else if (key === 'locale') {
      locale = canonicalLocale(value);
      if (locale === undefined) return undefined;
    } else return undefined;
  }
  return { component, locale };
}

/** The route's `onRequest` hook answering anonymous readers of public projects from memory. */
export function widgetHotPath(widgetCache: WidgetCache, projects: ReaderProjectCache): onRequestHookHandler {
  return function hotPath(request, reply, done) {
    const slug = (request.params as { slug?: string }).slug;
    const query = request.headers[READER_HEADER] === undefined ? plainQuery(request.query) : undefined;
    const project = query && slug !== undefined ? projects.peek(slug) : undefined;
    if (!query || !project || project.access !== 'public') return done();
    const locale = chooseReaderLocale(project, {
      query: query.locale,
      acceptLanguage: request.headers['accept-language'],
    });
    const item = widgetCache.peek(slug!, query.component, locale);
    if (!item) return done();
    sendWidgetItem(request, reply, item, WIDGET_CACHE_CONTROL);
  };
}
