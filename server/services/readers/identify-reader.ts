/**
 * Who reads a public surface of a project (docs/readers.md): the reader a token names, or an anonymous
 * reader (null), whom an `identified` project refuses. A reader link's token (services/readers/
 * reader-links.ts) is taken only where `links` says so: the feeds and the page, which read.
 */
import type { Sql } from '../../db/connect.ts';
import type { ReaderProjectRow } from '../../db/reader-projects.ts';
import { UnauthorizedError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import type { Reader } from '../reader.ts';
import { LINK_REFUSED } from './link-token.ts';
import { readerProjectCache } from './reader-project-cache.ts';
import { verifyReaderToken } from './verify-reader-token.ts';

/** Whether the surface takes a reader link's token: true only where it reads (the feeds and the page). */
export type ReaderSurface = { links: boolean };

/**
 * @param token the reader token as sent (undefined: none; `''`, an empty header, is a bad token).
 * @throws UnauthorizedError for a token that does not verify, a link token where `surface` takes none,
 *   and no token on an identified project.
 */
export async function identifyReader(
  sql: Sql,
  project: Pick<ReaderProjectRow, 'id' | 'access'>,
  token: string | undefined,
  surface: ReaderSurface = { links: false },
): Promise<Reader | null> {
  if (token !== undefined) {
    const reader = await verifyReaderToken(sql, project.id, token);
    if (reader.link && !surface.links) throw new UnauthorizedError(LINK_REFUSED);
    return reader;
  }
  if (project.access === 'identified') {
    throw new UnauthorizedError('This changelog is private to identified readers: send a reader token');
  }
  return null;
}

/**
 * The project of `slug` with the reader `token` names (see {@link identifyReader}); undefined when no
 * project has that slug, so the route answers its own 404.
 */
export async function identifyReaderBySlug(
  ctx: Pick<ServiceContext, 'sql' | 'widgetCache'>,
  slug: string,
  token: string | undefined,
  surface: ReaderSurface = { links: false },
): Promise<{ project: ReaderProjectRow; reader: Reader | null } | undefined> {
  const project = await readerProjectCache(ctx.sql, ctx.widgetCache).get(slug);
  if (!project) return undefined;
  return { project, reader: await identifyReader(ctx.sql, project, token, surface) };
}
