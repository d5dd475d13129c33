/**
 * Bodies of the public endpoints and their answers (docs/api.md#public-engagement-no-key-cors-); the widget script
 * uses their types too.
 */
import validator from 'validator';
import { z } from 'zod';
import { LocaleSchema } from './languages.schema.ts';
import { CategorySchema, ComponentSchema, NOT_BLANK } from './entries.schema.ts';

/** `?component=` of the widget, the feeds and the page: one monorepo component's entries only. */
export const COMPONENT_QUERY = z.object({ component: ComponentSchema.optional() });

export const ProjectSlugParam = z.string().min(1).max(64);
export const AnonymousIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8-64 characters of A-Z, a-z, 0-9, "_" and "-"');

/** RFC 5322 dot-atom local part, then `@` and a domain without quotes. */
const DOT_ATOM_LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9.-]+$/;

export const SubscribeInputSchema = z.strictObject({
  project: ProjectSlugParam,
  email: z
    .string()
    .trim()
    .max(254)
    .transform((s) => s.toLowerCase())
    .refine(
      (s) =>
        validator.isEmail(s, { allow_display_name: false, require_tld: true, allow_ip_domain: false }) &&
        // A dot-atom local part only: a quoted one ("<b>x@evil>"@example.com) is rewritten by mailers
        // into another address than the one stored.
        DOT_ATOM_LOCAL_PART.test(s),
      'Not a valid email address',
    )
    .meta({ format: 'email' }),
  /** The page the form was on, for the consent record (optional). */
  page: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  /** The subscriber's language (BCP 47; the widget sends the page's): emails come in it when the entry has it. */
  locale: LocaleSchema.optional().describe(
    "The subscriber's language (BCP 47; the widget sends the page's): each email is the entry's translation into it when there is one, else the default locale's text",
  ),
});
export type SubscribeInput = z.infer<typeof SubscribeInputSchema>;

export const ReactionInputSchema = z.strictObject({
  entryId: z.string().min(1).max(64),
  emoji: z.string().min(1).max(32),
  anonymousId: AnonymousIdSchema,
});
export type ReactionInput = z.infer<typeof ReactionInputSchema>;

export const AnalyticsEventSchema = z.strictObject({
  project: ProjectSlugParam,
  type: z.enum(['view', 'click']),
  entryId: z.string().min(1).max(64).optional(),
  anonymousId: AnonymousIdSchema,
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventSchema>;

/** A batch counts as one request for rate limits. */
export const MAX_EVENTS_PER_BATCH = 50;
export const AnalyticsBatchSchema = z.strictObject({
  events: z.array(AnalyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
});

/** POST /api/analytics: one event, or a batch of up to 50 (a batch counts as one request). */
export const AnalyticsIngestSchema = z.union([AnalyticsBatchSchema, AnalyticsEventSchema]);

/** POST /api/reactions's answer: whether the reader's reaction is now on, and the entry's counts. */
export const ReactionResultSchema = z.object({
  reacted: z.boolean(),
  count: z.number().int().describe("This emoji's count"),
  reactions: z.record(z.string(), z.number().int()).describe('Emoji → count'),
});

/**
 * An entry as the widget shows it (docs/api.md#readers-and-audiences-segments-summary-announcements): the summary, when the entry
 * has one, with a link to the whole entry (`url`); else its HTML.
 */
export const WidgetEntrySchema = z.object({
  id: z.string(),
  /** Without the version, which is its own field. */
  title: z.string(),
  version: z.string().nullable(),
  category: CategorySchema,
  publishedAt: z.string(),
  /** Sanitized HTML: the whole entry. */
  html: z.string(),
  /** Plain words for readers (at most 500 characters), shown instead of `html` with a link to `url`; or null. */
  summary: z.string().nullable(),
  /** The widget opens it once per reader as a dialog. */
  announce: z.boolean(),
  reactions: z.record(z.string(), z.number().int()),
  /** The entry's public page: the whole entry. */
  url: z.string(),
  /**
   * The language this entry is shown in (BCP 47): the reader's, a shorter tag of it, or the project's
   * default locale when the entry has no translation for them (docs/languages.md#readers).
   */
  locale: z.string().describe("The language the entry is shown in: the reader's, or the project's default"),
});
export type WidgetEntry = z.infer<typeof WidgetEntrySchema>;

/** GET /api/widget/{slug} (docs/api.md#widget-json): the project's look and its last 20 external published entries. */
export const WidgetResponseSchema = z.object({
  project: z.object({
    name: z.string(),
    slug: z.string(),
    settings: z.object({
      accent: z.string(),
      position: z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']),
      theme: z.enum(['light', 'dark', 'auto']),
    }),
    /** Free plan: the widget shows "Powered by Shiplog". */
    branding: z.boolean(),
    /** Whether readers may subscribe by email (an `identified` project emails no one: no form). */
    subscribe: z.boolean(),
  }),
  entries: z.array(WidgetEntrySchema),
});
export type WidgetResponse = z.infer<typeof WidgetResponseSchema>;

/**
 * `GET /api/widget/{slug}/search?q=` (docs/api.md#readers-and-audiences-segments-summary-announcements, search): 1-200 characters
 * of words to find, in PostgreSQL's web-search syntax (`"exact phrase"`, `or`, `-word`).
 */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(200).meta(NOT_BLANK),
});

/** The search's answer: at most 20 entries in the widget's shape, best match first. */
export const SearchResponseSchema = z.object({ entries: z.array(WidgetEntrySchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * `GET /api/feeds/{slug}/json`: a JSON Feed 1.1 document (https://jsonfeed.org/version/1.1) as the
 * `feed` package writes it (server/services/build-feeds.ts), for the API document. Loose: a reader
 * must ignore what it does not know (extensions start with `_`).
 */
export const JsonFeedSchema = z.looseObject({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string(),
  home_page_url: z.string().optional(),
  feed_url: z.string().optional(),
  description: z.string().optional(),
  language: z.string().optional(),
  items: z.array(
    z.looseObject({
      id: z.string(),
      url: z.string().optional(),
      title: z.string().optional(),
      content_html: z.string().optional(),
      date_published: z.string().optional(),
      date_modified: z.string().optional(),
      tags: z.array(z.string()).optional(),
    }),
  ),
});
