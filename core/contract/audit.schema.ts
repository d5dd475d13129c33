/**
 * A project's audit log as `GET /api/dashboard/projects/{slug}/audit` answers it (docs/api.md#audit-log), newest first, keyset paged.
 */
import { z } from 'zod';

/**
 * Who did what to what: `action` is `noun.verb` (`entry.published`, `channel.created`, …); the actor's
 * `label` is the user's email or the key's name and last 4 characters, as they were at the time.
 */
export const AuditEventSchema = z.object({
  id: z.string(),
  actor: z.object({ type: z.enum(['user', 'key']), id: z.string(), label: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** One page; `nextCursor` (also sent as `Link: <…>; rel="next"`) is null on the last. */
export const AuditPageSchema = z.object({
  events: z.array(AuditEventSchema),
  nextCursor: z.string().nullable(),
});
