/** Bodies of the public endpoints (CONTRACT.md "Public endpoints"); the widget script uses them too. */
import validator from 'validator';
import { z } from 'zod';

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
    ),
  /** The page the form was on, for the consent record (optional). */
  page: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
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
