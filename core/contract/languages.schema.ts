/**
 * Languages (docs/languages.md): BCP 47 language tags (RFC 5646) as a project's default locale, its
 * other locales, an entry's translations, a reader's `?locale=` and a subscriber's locale. Tags are
 * checked and put in their canonical form by `Intl.getCanonicalLocales` (ECMA-402, which follows
 * Unicode BCP 47: `de-at` → `de-AT`, `zh-hant-tw` → `zh-Hant-TW`), so `de-AT` and `DE-at` are one
 * locale everywhere they are stored or compared. The widget and the dashboard take types only.
 */
import { z } from 'zod';

import { canonicalLocale, LOCALE_PATTERN, MAX_LOCALE_LENGTH } from './locale-pattern.ts';

export { canonicalLocale, LOCALE_PATTERN, MAX_LOCALE_LENGTH };

/** A project's locales besides the default one: at most this many. */
export const MAX_LOCALES = 20;

const notATag = (tag: string) => `"${tag}" is not a BCP 47 language tag (like en, de, de-AT, pt-BR, zh-Hant)`;

/** One BCP 47 language tag, stored and answered in its canonical form. */
export const LocaleSchema = z
  .string()
  .max(MAX_LOCALE_LENGTH)
  .regex(LOCALE_PATTERN, 'must be a BCP 47 language tag like en, de-AT, pt-BR or zh-Hant')
  .transform((tag, ctx) => {
    const canonical = canonicalLocale(tag);
    if (canonical !== undefined) return canonical;
    ctx.addIssue({ code: 'custom', message: notATag(tag) });
    return z.NEVER;
  })
  .meta({ examples: ['en', 'de-AT'] });

/**
 * A project's other locales: 0-20 tags, each once: a repeat (`de` beside `DE`) is dropped, first one
 * kept, as segments are. The default locale is not among them (the service checks it against the
 * project's).
 */
export const LocalesSchema = z
  .array(LocaleSchema)
  .max(MAX_LOCALES)
  .transform((tags) => [...new Set(tags)]);

/**
 * An object keyed by locale (an entry's translations): each key must be a BCP 47 tag, given once in
 * canonical terms; the keys come back canonical. An error names its key (`/translations/de_AT`).
 */
export function byLocale<T extends z.ZodType>(value: T) {
  return z
    .record(z.string(), value)
    .superRefine((record, ctx) => {
      const seen = new Map<string, string>();
      for (const key of Object.keys(record)) {
        const canonical = canonicalLocale(key);
        if (canonical === undefined) ctx.addIssue({ code: 'custom', path: [key], message: notATag(key) });
        else if (seen.has(canonical))
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${seen.get(canonical)} and ${key} are one locale`,
          });
        else seen.set(canonical, key);
      }
    })
    .transform(
      (record) =>
        Object.fromEntries(Object.entries(record).map(([key, v]) => [canonicalLocale(key)!, v])) as Record<
          string,
          z.output<T>
        >,
    )
    .meta({ propertyNames: { pattern: LOCALE_PATTERN.source, maxLength: MAX_LOCALE_LENGTH } });
}

/** `?locale=` of the widget, search, page and feeds: the language a reader asks for (docs/languages.md). */
export const LocaleQuery = z.object({
  locale: LocaleSchema.optional().describe(
    "The reader's language: wins over `Accept-Language`; a reader token's `locale` claim wins over it",
  ),
});

/**
 * A translation an AI provider drafted for review (docs/languages.md "Drafting translations"): the
 * entry's title, Markdown body and plain summary in another locale. Nothing is saved until a person
 * (or the request that asked) saves it.
 */
export const DraftTranslationSchema = z.object({
  title: z.string(),
  body: z.string(),
  summary: z.string().nullable(),
});
export type DraftTranslation = z.infer<typeof DraftTranslationSchema>;

/** `POST /api/v1/entries/{id}/translations/{locale}/draft` → `200`: the drafted text, not saved. */
export const TranslationDraftResponseSchema = z.object({
  locale: z.string().describe('The locale drafted (BCP 47, canonical)'),
  translation: DraftTranslationSchema,
  provider: z.literal('openai'),
  model: z.string(),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
});
export type TranslationDraftResponse = z.infer<typeof TranslationDraftResponseSchema>;

/** The path of that route: the entry and the locale to draft. */
export const TranslationDraftParamsSchema = z.object({
  id: z.string().min(1).max(64),
  locale: LocaleSchema,
});
