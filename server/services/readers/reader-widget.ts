/**
 * The widget answer of an identified reader (docs/readers.md): the project's widget document as
 * readers of the reader's segments see it, plus what is the reader's own: their state (`reader`: last
 * seen, announcements dismissed, their reactions) and their signed links to the feeds and the page
 * (`links`, with a link token: services/readers/reader-links.ts). Each entry's `url` carries the same
 * token, so "Read more" opens a page the reader may see. Never cached beyond the reader's own browser
 * (the route says `private`).
 */
import { createHash } from 'node:crypto';
import type { WidgetResponse } from '../../../core/contract/public.schema.ts';
import type { Sql } from '../../db/connect.ts';
import type { Reader } from '../reader.ts';
import { readerLinks, signReaderLinkToken, withReaderToken } from './reader-links.ts';
import { loadReaderState } from './reader-state.ts';

/**
 * @param body the widget document (JSON bytes) the reader may see.
 * @returns the reader's document as JSON bytes, and its strong ETag.
 */
export async function readerWidgetDocument(
  sql: Sql,
  publicUrl: string,
  project: { id: string; slug: string },
  reader: Reader,
  body: Buffer,
): Promise<{ body: Buffer; etag: string }> {
  const token = await signReaderLinkToken(reader);
  const document = JSON.parse(body.toString('utf8')) as WidgetResponse;
  const entries = document.entries.map((e) => ({ ...e, url: withReaderToken(e.url, token) }));
  const state = await loadReaderState(
    sql,
    project.id,
    reader,
    entries.map((e) => e.id),
  );
  const out = Buffer.from(
    JSON.stringify({
      ...document,
      entries,
      reader: state,
      links: readerLinks(publicUrl, project.slug, token),
    }),
  );
  return { body: out, etag: `"${createHash('sha256').update(out).digest('base64url').slice(0, 27)}"` };
}
