/**
 * The one way a public route loads what it shows in the reader's language (docs/languages.md#readers):
 * the reader and their language come from the reader-identity plugin (plugins/reader-identity.ts,
 * which also adds `X-Shiplog-Reader, Accept-Language` to `Vary`), and the answer's `Content-Language`
 * names the locales it shows (`de, en` when some entry has no German yet).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentLanguageOf } from '../../services/languages/reader-locale.ts';
import type { Reader } from '../../services/reader.ts';

/** What an answer in the reader's language shows: their language, and each entry's own. */
type ShownView = { locale: string; entries: readonly { locale: string }[] };

/**
 * `load(reader, locale)` for `request`'s reader, setting `Content-Language` on `reply` when it finds
 * something. Outside a reader-identity scope (the draft preview), or before the plugin found the
 * project: no reader (null) and no language asked (undefined, the project's default locale).
 * @returns what `load` found, or undefined (the route answers its own 404).
 */
export async function loadForReader<V extends ShownView>(
  request: FastifyRequest,
  reply: FastifyReply,
  load: (reader: Reader | null, locale: string | undefined) => Promise<V | undefined>,
): Promise<V | undefined> {
  const view = await load(request.reader ?? null, request.readerLocale ?? undefined);
  if (view) reply.header('content-language', contentLanguageOf(view));
  return view;
}
