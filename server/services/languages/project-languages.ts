/**
 * A change of a project's languages (docs/languages.md): `defaultLocale` is the language of entries'
 * own text, `locales` the 0-20 others they may be translated into, and the default is never among the
 * others. A new default locale brings the search language of entries' own text with it (`german` for
 * `de`), unless the same change names `searchLanguage`.
 */
import { SEARCH_LANGUAGES } from '../../../core/contract/readers.schema.ts';
import type { ReaderProjectRow } from '../../db/reader-projects.ts';
import { InvalidError } from '../../errors/errors.ts';
import { searchLanguageOf } from './search-language-of.ts';

export type LanguageChange = { defaultLocale?: string; locales?: string[]; searchLanguage?: string };

/**
 * What to write for `change` to `current`'s languages.
 * @throws InvalidError when the default locale would also be one of the others (`/locales/<i>` when
 *   `locales` names it, else `/defaultLocale`).
 */
export function languageChanges(
  current: Pick<ReaderProjectRow, 'defaultLocale' | 'locales'>,
  change: LanguageChange,
): LanguageChange {
  const defaultLocale = change.defaultLocale ?? current.defaultLocale;
  const locales = change.locales ?? current.locales;
  const clash = locales.indexOf(defaultLocale);
  if (clash >= 0) {
    const detail = `${defaultLocale} is the default locale: locales lists the other languages`;
    const pointer = change.locales !== undefined ? `/locales/${clash}` : '/defaultLocale';
    throw new InvalidError(detail, [
      {
        pointer,
        detail:
          pointer === '/defaultLocale'
            ? `${defaultLocale} is one of the project's other locales: send locales without it in the same request`
            : detail,
      },
    ]);
  }
  const follows =
    change.searchLanguage === undefined &&
    change.defaultLocale !== undefined &&
    change.defaultLocale !== current.defaultLocale;
  // The project's own list (every supported PostgreSQL ships it); a language beyond it is `simple`.
  const followed = searchLanguageOf(defaultLocale);
  const searchLanguage = !follows
    ? change.searchLanguage
    : (SEARCH_LANGUAGES as readonly string[]).includes(followed)
      ? followed
      : 'simple';
  return {
    ...(change.defaultLocale !== undefined ? { defaultLocale } : {}),
    ...(change.locales !== undefined ? { locales } : {}),
    ...(searchLanguage !== undefined ? { searchLanguage } : {}),
  };
}
