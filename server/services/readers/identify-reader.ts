/**
 * Who reads a public surface of a project (CONTRACT.md "Readers and audiences"): the reader a token
 * names, or an anonymous reader (null), whom an `identified` project refuses.
 */
import type { Sql } from '../../db/connect.ts';
import type { ReaderProjectRow } from '../../db/reader-projects.ts';
import { UnauthorizedError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import type { Reader } from './reader.ts';
import { readerProjectCache } from './reader-project-cache.ts';
import { verifyReaderToken } from './verify-reader-token.ts';

/**
 * @param token the reader token as sent (undefined: none).
 * @throws UnauthorizedError for a token that does not verify, and for no token on an identified project.
 */
export async function identifyReader(
  sql: Sql,
  project: Pick<ReaderProjectRow, 'id' | 'access'>,
  token: string | undefined,
): Promise<Reader | null> {
  if (token !== undefined) return verifyReaderToken(sql, project.id, token);
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
): Promise<{ project: ReaderProjectRow; reader: Reader | null } | undefined> {
  const project = await readerProjectCache(ctx.sql, ctx.widgetCache).get(slug);
  if (!project) return undefined;
  return { project, reader: await identifyReader(ctx.sql, project, token) };
}
