/**
 * Identified readers' shapes (docs/readers.md#what-an-identified-reader-gets): a project's settings with its
 * access, its reader secret, a reader's state as the widget receives it, and what the widget sends
 * when a reader has seen entries or an announcement. The widget and the dashboard use these types.
 */
import { z } from 'zod';
import { NOT_BLANK } from './entries.schema.ts';
import { LocaleSchema, LocalesSchema } from './languages.schema.ts';
import { InstantSchema } from './instant.schema.ts';

export const ACCESS = ['public', 'identified'] as const;

/**
 * Text search configurations that every supported PostgreSQL ships (`simple`: no stemming, right for
 * any language).
 */
export const SEARCH_LANGUAGES = [
  'simple',
  'arabic',
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'greek',
  'hungarian',
  'indonesian',
  'irish',
  'italian',
  'lithuanian',
  'nepali',
  'norwegian',
  'portuguese',
  'romanian',
  'russian',
  'spanish',
  'swedish',
  'tamil',
  'turkish',
] as const;

const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #2563eb');
/** A project's plan: the free one has no API access (keys answer `402`) nor GitHub links. */
export const PLANS = ['free', 'pro', 'business'] as const;
/** Where the widget's launcher sits, and its colours (`auto`: the reader's system setting). */
export const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const THEMES = ['light', 'dark', 'auto'] as const;

/** `PATCH /api/v1/project`: any of these; what is absent stays as it is. */
export const ProjectSettingsInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).meta(NOT_BLANK).optional(),
  accent: Hex.optional(),
  position: z.enum(POSITIONS).optional(),
  theme: z.enum(THEMES).optional(),
  access: z
    .enum(ACCESS)
    .optional()
    .describe('`identified`: only readers with a valid reader token see anything (owners and keys only)'),
  searchLanguage: z
    .enum(SEARCH_LANGUAGES)
    .optional()
    .describe(
      "The text search configuration of the entries' own text (translations use their language's); follows `defaultLocale` when that changes and this is not given",
    ),
  defaultLocale: LocaleSchema.optional().describe(
    "The language (BCP 47) of entries' own title, body and summary; never one of `locales`",
  ),
  locales: LocalesSchema.optional().describe(
    'The 0-20 other languages (BCP 47) entries may be translated into; replaces the list',
  ),
});
export type ProjectSettingsInput = z.infer<typeof ProjectSettingsInputSchema>;

/** `GET`/`PATCH /api/v1/project`: the project's settings, what `PATCH` takes and more. */
export const ProjectSettingsSchema = z.object({
  project: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    plan: z.enum(PLANS),
    accent: z.string(),
    position: z.enum(POSITIONS),
    theme: z.enum(THEMES),
    access: z.enum(ACCESS),
    searchLanguage: z.string(),
    defaultLocale: z.string().describe("The language of entries' own text (BCP 47, canonical)"),
    locales: z.array(z.string()).describe('The other languages entries may be translated into'),
    readerSecret: z
      .object({
        createdAt: z.string().describe('When the current secret was made'),
        previousRetiresAt: z
          .string()
          .nullable()
          .describe('Until when the secret it replaced still verifies; null when none does'),
      })
      .nullable()
      .describe('The reader secret itself is shown once, when it is made; null when there is none yet'),
  }),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

/** `POST /api/v1/project/reader-secret` → `201`: the only time the secret is shown. */
export const ReaderSecretSchema = z.object({
  secret: z.string().describe('`rsk_…`: the HMAC key (HS256) of reader tokens, as UTF-8 bytes'),
  createdAt: z.string(),
  previousRetiresAt: z
    .string()
    .nullable()
    .describe('After a rotation: until when the previous secret still verifies (24 hours)'),
});

/** What an identified reader has seen, as the widget receives it; the same on every device. */
export const ReaderStateSchema = z.object({
  sub: z.string(),
  /** The newest publication time the reader has seen: entries after it are unread. Null: none yet. */
  lastSeenAt: z.string().nullable(),
  /** Ids of the announcements the reader has dismissed. */
  seenAnnouncements: z.array(z.string()),
  /** Entry id → the emoji the reader has reacted with (entries of this answer only). */
  reactions: z.record(z.string(), z.array(z.string())),
});
export type ReaderState = z.infer<typeof ReaderStateSchema>;

/** The reader's own links to the feeds and the page, signed for them (`?token=`), for feed readers. */
export const ReaderLinksSchema = z.object({
  rss: z.string(),
  atom: z.string(),
  json: z.string(),
  page: z.string(),
});

/** `POST /api/widget/{slug}/seen`: what the reader has just seen (at least one of the two). */
export const ReaderSeenInputSchema = z
  .strictObject({
    lastSeenAt: InstantSchema.optional().describe(
      'The newest publication time the reader has seen; never moves back, never past now',
    ),
    announcementId: z.string().min(1).max(64).optional().describe('An announcement the reader dismissed'),
  })
  .refine((v) => v.lastSeenAt !== undefined || v.announcementId !== undefined, {
    message: 'Name lastSeenAt, announcementId or both',
  })
  .meta({ minProperties: 1 });

/** `?token=`: the reader token where no header can carry it (feed readers, links to the page). */
export const ReaderTokenQuery = z.object({
  token: z.string().min(1).optional().describe('A reader token, for readers of `identified` projects'),
});
