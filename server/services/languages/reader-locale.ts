/**
 * The language a reader reads a project in (docs/languages.md#readers): the first of the reader
 * token's `locale` claim, `?locale=`, then `Accept-Language` (q-values honoured, by `negotiator`) that
 * is given decides. The tag is matched against the project's languages (its default locale and its
 * other locales) by dropping subtags from the end (`de-AT` → `de`); a language the project does not
 * have is its default locale. Entry by entry, a reader of `de-AT` gets the entry's `de-AT`
 * translation, else its `de`, else its own text ({@link localeChain}).
 */
import Negotiator from 'negotiator';
import { canonicalLocale } from '../../../core/contract/languages.schema.ts';

export type ProjectLanguages = { defaultLocale: string; locales: readonly string[] };

/** What a request says of its reader's language; each optional. */
export type LocaleWishes = {
  /** The reader token's `locale` claim (a claim that is not a BCP 47 tag is ignored). */
  claim?: string | undefined;
  /** `?locale=`, already checked and canonical. */
  query?: string | undefined;
  /** The `Accept-Language` header as sent. */
  acceptLanguage?: string | undefined;
};

/** `tag` and each shorter tag made by dropping its last subtag: `zh-Hant-TW`, `zh-Hant`, `zh`. */
function truncations(tag: string): string[] {
  const parts = tag.split('-');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('-'));
}

/** The project's language `tag` falls back to: itself or a shorter tag of it the project has, else undefined. */
function matchTag(languages: ProjectLanguages, tag: string): string | undefined {
  return truncations(tag).find((t) => t === languages.defaultLocale || languages.locales.includes(t));
}

/** Per project (its row object, replaced when the project changes), `Accept-Language` → locale. */
const negotiated = new WeakMap<ProjectLanguages, Map<string, string>>();
/** Distinct headers kept per project; a few dozen are usual, the bound stops a flood of odd ones. */
const MAX_HEADERS = 256;

function negotiate(languages: ProjectLanguages, header: string): string {
  let memo = negotiated.get(languages);
  const known = memo?.get(header);
  if (known !== undefined) return known;
  const available = [languages.defaultLocale, ...languages.locales];
  // negotiator matches `de-AT` asked to `de` offered, and `de` asked to `de-AT` offered, best q first.
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(available);
  const chosen = (best && matchTag(languages, canonicalLocale(best) ?? best)) ?? languages.defaultLocale;
  if (!memo || memo.size >= MAX_HEADERS) negotiated.set(languages, (memo = new Map()));
  memo.set(header, chosen);
  return chosen;
}

/**
 * The reader's language: one of the project's languages (its default locale when nothing matches).
 * A project with no other locale answers its default at once, whatever the request says.
 */
export function chooseReaderLocale(languages: ProjectLanguages, wishes: LocaleWishes): string {
  if (languages.locales.length === 0) return languages.defaultLocale;
  const claim = wishes.claim === undefined ? undefined : canonicalLocale(wishes.claim);
  const asked = claim ?? wishes.query;
  if (asked !== undefined) return matchTag(languages, asked) ?? languages.defaultLocale;
  const header = wishes.acceptLanguage?.trim();
  return header ? negotiate(languages, header) : languages.defaultLocale;
}

/**
 * The locales an entry is shown in for a reader of `chosen`, most wanted first: `chosen`, each shorter
 * tag of it the project has, then the default locale (the entry's own text, always there).
 */
export function localeChain(languages: ProjectLanguages, chosen: string): string[] {
  const chain = truncations(chosen).filter((t) => languages.locales.includes(t));
  return [...chain, languages.defaultLocale];
}

/**
 * The `Content-Language` of an answer in the reader's language `locale` whose entries show
 * `entries[].locale`: the locales shown, the reader's first, comma-separated (`de, en` when some entry
 * has no German yet); `locale` alone when there is no entry.
 */
export function contentLanguageOf(view: { locale: string; entries: readonly { locale: string }[] }): string {
  const shown = new Set(view.entries.map((e) => e.locale));
  if (shown.size === 0) return view.locale;
  const first = shown.has(view.locale) ? [view.locale] : [];
  return [...new Set([...first, ...shown])].join(', ');
}
