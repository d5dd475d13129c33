/**
 * An identified reader's own links to the feeds and the page (docs/readers.md "Signed links"). A feed
 * reader cannot send a header, so the link carries a token: a **link token**, made here from the
 * reader's own token, signed with the secret that verified it (so a rotation retires it with that
 * secret), holding only `sub` and `segments` (a name or an email never goes into a URL), and the
 * audience {@link LINK_AUDIENCE}. A link is pasted into feed readers and ends up in histories and logs:
 * its token only reads the feeds and the page; reactions, seen, analytics, the widget and its search
 * refuse it (`401`), so a link never acts for the reader and never leads to a new link.
 *
 * It never outlives the token it came from: its `exp` is that token's, rounded down to the hour (so
 * the links, and the widget answer that carries them, stay the same while the host app signs a fresh
 * token for each page, and its ETag keeps answering 304), or the token's own `exp` when that hour has
 * already begun.
 */
import { SignJWT } from 'jose';
import { UnauthorizedError } from '../../errors/errors.ts';
import type { Reader } from '../reader.ts';
import { LINK_AUDIENCE, LINK_REFUSED } from './link-token.ts';
import { readerSecretKey } from './reader-secret-format.ts';
import { secretThatVerified } from './verify-reader-token.ts';

const HOUR_SECONDS = 60 * 60;

export type ReaderLinks = { rss: string; atom: string; json: string; page: string };

/** When a link made now from a token expiring at `expiresAt` expires (seconds since the epoch). */
export function linkExpiresAt(expiresAt: number, now = Date.now()): number {
  const hour = Math.floor(expiresAt / HOUR_SECONDS) * HOUR_SECONDS;
  return hour > now / 1000 ? hour : expiresAt;
}

/**
 * A new link token for `reader`, signed with the secret that verified the reader's token.
 * @throws UnauthorizedError when `reader` came with a link token: a link never makes another.
 */
export async function signReaderLinkToken(reader: Reader, now = Date.now()): Promise<string> {
  if (reader.link) throw new UnauthorizedError(LINK_REFUSED);
  return new SignJWT({ segments: [...reader.segments] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(reader.sub)
    .setAudience(LINK_AUDIENCE)
    .setExpirationTime(linkExpiresAt(reader.expiresAt, now))
    .sign(readerSecretKey(secretThatVerified(reader)));
}

/** `url` with `?token=` (or `&token=`) appended. */
export function withReaderToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** The reader's feed and page links under `publicUrl`, for project `slug`. */
export function readerLinks(publicUrl: string, slug: string, token: string): ReaderLinks {
  const feed = (format: string) => withReaderToken(`${publicUrl}/api/feeds/${slug}/${format}`, token);
  return {
    rss: feed('rss'),
    atom: feed('atom'),
    json: feed('json'),
    page: withReaderToken(`${publicUrl}/changelog/${slug}`, token),
  };
}
