/**
 * Identified readers on a project's public surfaces (docs/readers.md): the widget JSON, the feeds and
 * the page. The reader token comes in `X-Shiplog-Reader` (the widget), or as `?token=` (feed readers
 * and links to the page, which cannot send a header); the header wins, even empty (a bad token).
 * Scopes registered with `links: true` (the feeds and the page, which only read) take a reader link's
 * token too, and set `request.readerLinkToken` for the links they write; every other scope refuses it.
 * Registered inside a route file's scope (it is wrapped with fastify-plugin, so its hook guards that
 * scope's routes), it runs before the handler of every route with a `:slug` parameter and sets
 * `request.reader` (null: anonymous) and `request.readerProject`. A token that does not verify is
 * `401`, and so is no token on an `identified` project: never silently anonymous. An unknown slug is
 * left to the route's own 404. Reactions and analytics name their project in the body, so their
 * services identify the reader themselves, from {@link readerTokenOf}.
 *
 * It also sets `request.readerLocale`, the reader's language (docs/languages.md#readers): the token's
 * `locale` claim, then `?locale=`, then `Accept-Language`, matched to the project's languages.
 *
 * Caching: every answer here varies by `X-Shiplog-Reader` and `Accept-Language`, so a CDN never gives
 * a reader the anonymous answer or the reverse, nor one reader's language to another; an answer that
 * depends on a reader (or on an identified project) is {@link READER_CACHE_CONTROL}, which routes use
 * through {@link cacheControlFor}.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../errors/errors.ts';
import { renderPage } from '../services/engagement/render-page.ts';
import { sendPage, wantsHtml } from './html-pages.ts';
import type { ReaderProjectRow } from '../db/reader-projects.ts';
import type { ServiceContext } from '../services/context.ts';
import { identifyReaderBySlug } from '../services/readers/identify-reader.ts';
import type { Reader } from '../services/reader.ts';
import { signReaderLinkToken } from '../services/readers/reader-links.ts';
import { chooseReaderLocale } from '../services/languages/reader-locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified reader of a public surface, or null (anonymous, or no reader-identity plugin). */
    reader: Reader | null;
    /** The project of the route's `:slug` with its access, once the plugin has read it. */
    readerProject: ReaderProjectRow | null;
    /**
     * In a `links: true` scope, the token the answer's own links carry on for an identified reader: the
     * link token they came with, or one made from their own token. Null otherwise.
     */
    readerLinkToken: string | null;
    /** The reader's language, one of the project's (null until the plugin has found the project). */
    readerLocale: string | null;
  }
}

export const READER_HEADER = 'x-shiplog-reader';
/** Only the reader's browser keeps it, and checks with the ETag before reusing it. */
export const READER_CACHE_CONTROL = 'private, no-cache';

/**
 * The reader token sent with `request`: the header, else `?token=`; undefined when neither. An empty
 * header is an empty token, which does not verify: a host page that sends one learns it at once.
 */
export function readerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[READER_HEADER];
  if (typeof header === 'string') return header;
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/** What every answer of a reader's surface varies by: who reads it, and in which language. */
export const READER_VARY = ['X-Shiplog-Reader', 'Accept-Language'];

/** Add `X-Shiplog-Reader` and `Accept-Language` to the answer's `Vary`, keeping what is there. */
export function varyOnReader(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' && current !== '' ? current.split(/\s*,\s*/) : [];
  for (const name of READER_VARY) {
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  reply.header('vary', names.join(', '));
}

/** `publicValue` for an anonymous answer of a public project, else {@link READER_CACHE_CONTROL}. */
export function cacheControlFor(request: FastifyRequest, publicValue: string): string {
  // Routes outside the plugin's scope have neither set (undefined): anonymous, public.
  const personal = Boolean(request.reader) || request.readerProject?.access === 'identified';
  return personal ? READER_CACHE_CONTROL : publicValue;
}

/** The `page` option of the changelog's pages: the title of the page a refused browser gets. */
export const READERS_ONLY_PAGE = { title: 'This changelog is for signed-in readers' };

/**
 * What a page (or feed) of the changelog needs of its reader: the link token its own links carry on
 * (an identified reader's page links on with one, never with the reader's own token), and whether it
 * offers email updates (an `identified` project sends none, and refuses subscribers).
 */
export function readerPageOptions(request: FastifyRequest): { readerToken?: string; emailUpdates: boolean } {
  const token = request.readerLinkToken;
  const emailUpdates = request.readerProject?.access !== 'identified';
  return token === null ? { emailUpdates } : { readerToken: token, emailUpdates };
}

/**
 * @param options.page for pages: a browser refused (`401`) gets a page saying so, with this title,
 *   instead of the problem document other clients get.
 * @param options.links true for the feeds and the page: they take a reader link's token, and their
 *   links carry one (`request.readerLinkToken`).
 */
async function readerIdentityPlugin(
  app: FastifyInstance,
  options: { ctx: ServiceContext; page?: { title: string }; links?: boolean },
): Promise<void> {
  const surface = { links: options.links === true };
  app.decorateRequest('reader', null);
  app.decorateRequest('readerProject', null);
  app.decorateRequest('readerLinkToken', null);
  app.decorateRequest('readerLocale', null);
  app.addHook('preHandler', async (request, reply) => {
    const slug = (request.params as { slug?: unknown } | undefined)?.slug;
    if (typeof slug !== 'string') return;
    varyOnReader(reply);
    const token = readerTokenOf(request);
    let found: Awaited<ReturnType<typeof identifyReaderBySlug>>;
    try {
      found = await identifyReaderBySlug(options.ctx, slug, token, surface);
    } catch (err) {
      if (!(err instanceof UnauthorizedError && options.page && wantsHtml(request))) throw err;
      const page = renderPage({ title: options.page.title, message: err.message });
      return sendPage(reply, page, { status: 401 });
    }
    if (!found) return;
    request.readerProject = found.project;
    request.reader = found.reader;
    request.readerLocale = chooseReaderLocale(found.project, {
      claim: found.reader?.locale,
      query: (request.query as { locale?: string } | undefined)?.locale,
      acceptLanguage: request.headers['accept-language'],
    });
    if (found.reader && surface.links) {
      request.readerLinkToken = found.reader.link ? token! : await signReaderLinkToken(found.reader);
    }
  });
}

export const readerIdentity = fp(readerIdentityPlugin, { name: 'shiplog-reader-identity' });
