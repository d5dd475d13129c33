/**
 * BCP 47 language tags as Shiplog takes them (docs/languages.md), part of the API's contract and
 * browser-safe (standard JavaScript only, no zod, no imports): the server's schemas
 * (languages.schema.ts) and the widget, which sends the page's language, share this rule. It lives
 * here rather than in core/portable/, which takes the contract's types, so the two folders never
 * import each other.
 */
/** RFC 5646 §4.4.1: implementations keep at least 35 characters of a tag; no real tag needs more. */
export const MAX_LOCALE_LENGTH = 35;

/**
 * The tags taken: a language (2-3 letters), then optionally a script (`Hant`), a region (`AT`, `419`)
 * and one variant (`1996`): RFC 5646 §2.1's `langtag` without extlangs, extensions and private use,
 * which name no language of their own. The API document publishes it, so clients can check a tag.
 */
export const LOCALE_PATTERN =
  /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))?$/;

/** `tag` in canonical form, or undefined when it is not such a BCP 47 language tag. */
export function canonicalLocale(tag: string): string | undefined {
  if (tag.length > MAX_LOCALE_LENGTH || !LOCALE_PATTERN.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    // RangeError: not a well-formed tag (`de_AT`, `en-`, `x-private` alone).
    return undefined;
  }
}
