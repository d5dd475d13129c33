/**
 * Error codes of the Shiplog API and the RFC 9457 problem document that carries them.
 *
 * The table is docs/api.md#errors. The server maps its typed errors to it
 * and serves it at /docs/errors; clients (the Action, the App) parse problems with `ProblemSchema`.
 */
import { z } from 'zod';

export const PROBLEM_CODES = {
  invalid: {
    status: 400,
    title: 'Invalid request',
    description:
      'The request failed validation. `errors` lists every failing field with a JSON Pointer into the body (or `/query/<name>`, `/headers/<name>`).',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    description:
      'The API key is missing, malformed, unknown or revoked (send `Authorization: Bearer shl_…`), or the dashboard session is missing or has ended (sign in again), or the email and password do not match.',
  },
  upgrade_required: {
    status: 402,
    title: 'Upgrade required',
    description: "The project's plan does not include the API (the free plan). Upgrade to pro or business.",
  },
  quota_exceeded: {
    status: 402,
    title: 'Quota exceeded',
    description:
      "The project's monthly AI draft quota is used up. Offline drafts still work; the quota resets on the first day of the month (UTC).",
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    description:
      "Signed in, but not allowed: the user's role in the project is too low for this action, the user is not a member of the project, or a request made with the session cookie lacks a same-origin `Origin` or the session's `X-CSRF-Token`.",
  },
  not_found: {
    status: 404,
    title: 'Not found',
    description: 'No such resource, or it belongs to another project.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    description:
      'The path exists, but not with this method. The `Allow` header lists the methods it has (RFC 9110 §15.5.6); `HEAD` goes with every `GET`, and `OPTIONS` (a CORS preflight) with the public endpoints.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description:
      'A request with the same Idempotency-Key is still being processed. Retry after it completes.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    description: 'The body exceeds the limit: 1 MiB (2 MiB for generate).',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    description: 'Send `Content-Type: application/json`.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    description: 'The Idempotency-Key was already used with a different request body in the last 24 hours.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    description:
      'A rate limit was exceeded. Wait the number of seconds in `Retry-After`; the `RateLimit` and `RateLimit-Policy` headers describe the limits.',
  },
  internal: {
    status: 500,
    title: 'Internal server error',
    description: 'Something failed on our side. The `requestId` identifies the request in our logs.',
  },
  generation_failed: {
    status: 502,
    title: 'Generation failed',
    description:
      'The AI provider answered, but the draft was unusable. Nothing was stored and no quota was spent.',
  },
  ai_unavailable: {
    status: 503,
    title: 'AI unavailable',
    description:
      'AI generation is turned off or the provider could not be reached. Retry after `Retry-After` seconds.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    description:
      'The database cannot be reached right now (a restart or an outage). Retry after `Retry-After` seconds; send a write again with the same Idempotency-Key.',
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const FieldErrorSchema = z.object({ pointer: z.string(), detail: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** An RFC 9457 problem document as Shiplog sends it (`application/problem+json`). */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
