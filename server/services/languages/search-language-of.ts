/**
 * The PostgreSQL text search configuration of a locale's language (docs/languages.md, search): `german`
 * for `de` and `de-AT`, `portuguese` for `pt-BR`, and `simple` (no stemming, right for any language)
 * for a language PostgreSQL ships no configuration for (`ja`, `zh-Hant`, …). The names are those of
 * PostgreSQL's built-in configurations (`\dF`); the ones only PostgreSQL 16 and later ship are checked
 * against the database's `pg_ts_config` when a row is written (db/entry-translations.ts), so an older
 * server falls back to `simple` rather than failing.
 */

/** ISO 639 language subtag → PostgreSQL's configuration for it. */
const CONFIGURATIONS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/** @param locale a canonical BCP 47 tag. @returns a configuration name, `simple` when none fits. */
export function searchLanguageOf(locale: string): string {
  const language = locale.split('-')[0]!.toLowerCase();
  return CONFIGURATIONS[language] ?? 'simple';
}
