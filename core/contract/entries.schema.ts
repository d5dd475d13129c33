/**
 * Request and response schemas of /api/v1/entries (docs/api.md#authentication-plans-rate-limit). The server validates with these; the shared API client types with them.
 */
import { z } from 'zod';
import { cleanText, NOT_BLANK_TEXT } from './control-characters.ts';
import { byLocale } from './languages.schema.ts';
import { InstantSchema } from './instant.schema.ts';

export const CATEGORIES = ['feature', 'improvement', 'fix', 'announcement'] as const;
export const VISIBILITIES = ['external', 'internal'] as const;
export const STATUSES = ['draft', 'published'] as const;
/** How an entry was made: written through the API, drafted by generate, or imported from a changelog. */
export const ORIGINS = ['api', 'generate', 'import'] as const;

export const CategorySchema = z.enum(CATEGORIES);
export const VisibilitySchema = z.enum(VISIBILITIES);
export const StatusSchema = z.enum(STATUSES);
export type Category = z.infer<typeof CategorySchema>;
export type Visibility = z.infer<typeof VisibilitySchema>;
export type Status = z.infer<typeof StatusSchema>;

/**
 * For the API document: text that is trimmed before its length is checked must hold a character that
 * is not white space (JSON Schema's `pattern` is unanchored; `\s` is the set `trim()` removes).
 */
export const NOT_BLANK = { pattern: '\\S' };

/** PostgreSQL text cannot hold U+0000, and no title needs one. */
const noNul = (s: string) => !s.includes('\u0000');
/** Text for readers: control characters stripped (control-characters.ts), trimmed, then measured. */
const plainText = (max: number) =>
  cleanText()
    .trim()
    .min(1)
    .max(max)
    .refine(noNul, 'Must not contain NUL (U+0000) characters')
    .meta(NOT_BLANK_TEXT);
const title = plainText(200);
/**
 * Markdown, at most 100 000 characters (docs/api.md#input-rules; well under the 1 MiB body limit even in
 * UTF-8), control characters stripped. U+0000 is refused like in every other string (the server's
 * input guard).
 */
const body = cleanText().max(100_000, 'must be at most 100,000 characters');
/**
 * A version is stored as given minus one leading `v` before a digit (docs/api.md#generate-a-draft-from-commits-and-pull-requests: `v10.2.0` and
 * `10.2.0` are one version).
 */
export function normalizeVersion(version: string): string {
  return version.replace(/^[vV](?=\d)/, '');
}
const version = plainText(40).transform(normalizeVersion).nullable();

/**
 * Who an entry is for (docs/api.md#readers-and-audiences-segments-summary-announcements, segments): 0-20 names, each trimmed and
 * 1-40 characters, matched exactly against the names in a reader's token.
 * Repeats are dropped, first one kept, rather than refused: `["beta", "beta "]` is `["beta"]`. An
 * empty list means everyone; an entry with segments reaches only readers whose token names one of them.
 */
export const MAX_SEGMENTS = 20;
export const SegmentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine(noNul, 'Must not contain NUL (U+0000) characters')
  .meta(NOT_BLANK);
export const SegmentsSchema = z
  .array(SegmentNameSchema)
  .max(MAX_SEGMENTS)
  .transform((names) => [...new Set(names)]);

/**
 * The entry for readers in plain words (docs/api.md#readers-and-audiences-segments-summary-announcements): at most 500 characters, shown by
 * the widget and the email with a link to the whole entry; never Markdown (it is shown as text).
 * `null` clears it.
 */
export const SummarySchema = plainText(500).nullable();

/**
 * An entry's text in another of the project's locales (docs/languages.md): its title, Markdown body and
 * plain summary, checked like the entry's own.
 */
export const TranslationInputSchema = z.strictObject({
  title,
  body,
  summary: SummarySchema.optional(),
});
export type TranslationInput = z.infer<typeof TranslationInputSchema>;

/** `translations` of a new entry: locale (BCP 47, one of the project's `locales`) → its text. */
export const TranslationsInputSchema = byLocale(TranslationInputSchema).describe(
  "The entry in the project's other locales: locale (BCP 47) → its title, body and summary",
);

/**
 * `translations` of a PATCH, merged into the entry's (RFC 7396 JSON Merge Patch): a locale given
 * changes the fields it names (a new one needs `title` and `body`), `null` removes that locale's
 * translation (a field's `null`, the summary), a locale left out stays as it is.
 */
export const TranslationsPatchSchema = byLocale(
  z
    .strictObject({ title: title.optional(), body: body.optional(), summary: SummarySchema.optional() })
    .nullable(),
).describe('Locale → the fields to change (a new locale needs title and body), or null to remove it');
export type TranslationsPatch = z.infer<typeof TranslationsPatchSchema>;

/**
 * A time to publish at (docs/api.md#entries, scheduling): an instant (instant.schema.ts:
 * RFC 3339 with an offset, 1970-9999); whether it is in the future is the service's check (it depends
 * on the clock).
 */
export const PublishAtSchema = InstantSchema;

/**
 * A monorepo component (docs/github-app.md#github-app, `components`): `web`, `@acme/cli`. Entries of one
 * component are listed, shown in the widget and fed with `component=<name>`.
 */
export const ComponentSchema = z
  .string()
  .regex(/^[A-Za-z0-9@][A-Za-z0-9@/._-]{0,99}$/, 'must be a component name (letters, digits, @ / . _ -)');

/**
 * For the API document: `publish: true` and `publishAt` together are refused (the service's check,
 * create-entry.ts), as a JSON Schema can say it.
 */
export const NOT_PUBLISH_AND_PUBLISH_AT = {
  not: { properties: { publish: { const: true } }, required: ['publish', 'publishAt'] },
};

/** POST /api/v1/entries body. Unknown fields are rejected (docs/api.md#input-rules). */
export const CreateEntryInputSchema = z
  .strictObject({
    title,
    body,
    category: CategorySchema.default('feature'),
    version: version.optional(),
    visibility: VisibilitySchema.default('external'),
    publish: z.boolean().default(false),
    /** Keep the entry a draft and publish it then (not with `publish: true`). */
    publishAt: PublishAtSchema.optional(),
    /** The monorepo component it is about. */
    component: ComponentSchema.optional(),
    /** Only readers whose token names one of these see it (publishers and owners set it). */
    segments: SegmentsSchema.default([]),
    /** Plain words for readers (widget, email); the body stays the whole entry. */
    summary: SummarySchema.optional(),
    /** Opens once per reader as the widget's dialog (publishers and owners set it). */
    announce: z.boolean().default(false),
    /** The entry in the project's other locales. */
    translations: TranslationsInputSchema.optional(),
  })
  .meta(NOT_PUBLISH_AND_PUBLISH_AT);
export type CreateEntryInput = z.infer<typeof CreateEntryInputSchema>;

/** POST /api/v1/entries/{id}/publish body: none (publish now), `{}`, or `{"at": …}` (schedule). */
export const PublishInputSchema = z.strictObject({ at: PublishAtSchema.optional() }).nullish();

/** PATCH /api/v1/entries/{id} body: any of the editable fields; the slug stays stable. */
export const UpdateEntryInputSchema = z
  .strictObject({
    title: title.optional(),
    body: body.optional(),
    category: CategorySchema.optional(),
    version: version.optional(),
    visibility: VisibilitySchema.optional(),
    segments: SegmentsSchema.optional(),
    summary: SummarySchema.optional(),
    announce: z.boolean().optional(),
    translations: TranslationsPatchSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'send at least one field to change' })
  .meta({ minProperties: 1 });
export type UpdateEntryInput = z.infer<typeof UpdateEntryInputSchema>;

/**
 * A query-string integer: plain decimal digits only (docs/api.md#input-rules: `limit=1e1`, `0x10` or
 * ` 1` are `400 invalid`), within [min, max], with one error per field whatever is wrong.
 */
export function queryInt(min: number, max: number, fallback: number) {
  return (
    z
      .string()
      .transform((s, ctx) => {
        const n = /^\d{1,15}$/.test(s) ? Number(s) : NaN;
        if (n >= min && n <= max) return n;
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      })
      .default(fallback)
      // The API document shows what is accepted (the text of a whole number in range), not zod's
      // input type (any string).
      .meta({ type: 'integer', minimum: min, maximum: max })
  );
}

/** GET /api/v1/entries query string. */
export const ListEntriesQuerySchema = z.strictObject({
  limit: queryInt(1, 100, 20),
  cursor: z.string().min(1).max(500).optional(),
  /** `scheduled`: drafts with a publish time (they are drafts too). */
  status: z.enum([...STATUSES, 'scheduled']).optional(),
  category: CategorySchema.optional(),
  visibility: VisibilitySchema.optional(),
  /** Titles containing this text, case-insensitively (the dashboard's search). */
  q: z.string().trim().min(1).max(200).meta(NOT_BLANK).optional(),
  component: ComponentSchema.optional(),
  /** Entries made this way (`import`: the Action checks whether the history was imported already). */
  origin: z.enum(ORIGINS).optional(),
});
export type ListEntriesQuery = z.infer<typeof ListEntriesQuerySchema>;

const timestamp = z.string();

const EntrySourceSchema = z.object({
  repository: z.string(),
  pullRequest: z.number().int().nullable(),
  release: z.string().nullable(),
  /** A compare range, `from...to`, drafted as neither a pull request nor a release. */
  range: z.string().nullable(),
  headSha: z.string().nullable(),
});

/** An entry as listed (docs/api.md#entries: the list fields plus visibility, createdAt, updatedAt, editedAt, scheduledFor, source). */
export const EntrySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  category: CategorySchema,
  version: z.string().nullable(),
  status: StatusSchema,
  visibility: VisibilitySchema,
  publishedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** When a person last edited it (PATCH); automated re-drafting leaves an edited entry alone. */
  editedAt: timestamp.nullable(),
  /** When a job publishes this draft (scheduling); null when none is scheduled. */
  scheduledFor: timestamp.nullable(),
  /** The pull request or release it drafts (docs/api.md#entries), or null. */
  source: EntrySourceSchema.nullable(),
  /** The monorepo component it is about, or null. */
  component: z.string().nullable(),
  /** Readers it is for: empty for everyone, else only readers whose token names one of them. */
  segments: z.array(z.string()),
  /** Plain words for readers (widget, email), at most 500 characters; null when none. */
  summary: z.string().nullable(),
  /** Whether the widget opens it once per reader as a dialog. */
  announce: z.boolean(),
  /** The locales it is translated into (docs/languages.md); the project's others still miss one. */
  translatedLocales: z.array(z.string()),
});
export type EntrySummary = z.infer<typeof EntrySummarySchema>;

/** An entry's text in one locale, as stored: `html` is `body` rendered and sanitized like the entry's. */
export const TranslationSchema = z.object({
  title: z.string(),
  body: z.string(),
  html: z.string(),
  summary: z.string().nullable(),
});
export type Translation = z.infer<typeof TranslationSchema>;

/** The full record of GET /api/v1/entries/{id}. */
export const EntrySchema = EntrySummarySchema.extend({
  /** Locale → the entry's text in it (docs/languages.md). */
  translations: z.record(z.string(), TranslationSchema),
  body: z.string(),
  html: z.string(),
  /** How it was made: written through the API, drafted by generate, or imported from a changelog. */
  origin: z.enum(ORIGINS),
  reactions: z.record(z.string(), z.number().int()),
  /** For a draft: an unguessable, expiring link that shows it as readers will see it; else null. */
  previewUrl: z.string().nullable(),
  /** A published external entry's public page (`/changelog/{project}/{entry}`); else null. */
  url: z.string().nullable(),
});
export type Entry = z.infer<typeof EntrySchema>;

export const ListEntriesResponseSchema = z.object({
  entries: z.array(EntrySummarySchema),
  nextCursor: z.string().nullable(),
});

export const CreateEntryResponseSchema = z.object({
  entry: z.object({ id: z.string(), slug: z.string(), status: StatusSchema }),
});

export const EntryResponseSchema = z.object({ entry: EntrySchema });
