/**
 * An identified reader's own links to the feeds and the page (CONTRACT.md "Readers and audiences":
 * readers' feeds use signed per-reader links). A feed reader cannot send a header, so the link carries
 * a reader token made here: signed with the project's current reader secret, holding only `sub` and
 * `segments` (a name or an email never goes into a URL), valid 29-30 days. Its `exp` is the end of the
 * 30th day from today (UTC), so the links, and the widget answer that carries them, stay the same all
 * day long and its ETag keeps answering 304. A rotation retires them with the old secret, 24 hours on,
 * and so does it those of a reader whose token the old secret signed ({@link linkSecretOf}).
 */
import { SignJWT } from 'jose';
import { UnauthorizedError } from '../../errors/errors.ts';
import type { Reader } from './reader.ts';
import { readerSecretKey } from './reader-secret-format.ts';

const DAY_SECONDS = 24 * 60 * 60;

export type ReaderLinks = { rss: string; atom: string; json: string; page: string };

/**
 * The secret to sign `reader`'s links with: the one that signed their token, so a link never outlives
 * the secret that vouched for the reader (a rotated-out secret, leaked perhaps, retires with all it
 * led to 24 hours on). `secrets` as db/reader-secrets.ts reads them (a retired previous one is null).
 * @throws UnauthorizedError when that secret is gone (rotated out, or retired, since the token verified).
 */
export function linkSecretOf(
  secrets: { secret: string; previousSecret: string | null } | undefined,
  reader: Reader,
): string {
  const secret = reader.byPreviousSecret ? secrets?.previousSecret : secrets?.secret;
  if (!secret) throw new UnauthorizedError("The reader token's secret no longer verifies");
  return secret;
}

/** A link token for `reader`, signed with `secret`. */
export async function signReaderLinkToken(secret: string, reader: Reader, now = Date.now()): Promise<string> {
  const today = Math.floor(now / 1000 / DAY_SECONDS) * DAY_SECONDS;
  return new SignJWT({ segments: [...reader.segments] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(reader.sub)
    .setExpirationTime(today + 30 * DAY_SECONDS)
    .sign(readerSecretKey(secret));
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
