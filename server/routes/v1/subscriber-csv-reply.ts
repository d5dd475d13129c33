/**
 * What the two subscriber CSV downloads share: `GET /api/v1/subscribers/export` (a key, or the session
 * with `Shiplog-Project`) and `GET /api/dashboard/projects/{slug}/subscribers.csv` (the session alone, so
 * a plain link streams the file to disk instead of the page buffering it). Filters `status` and `q`
 * (1–254 characters, case-insensitive, literal); the body is services/engagement/export-subscribers.ts's
 * stream, sent as an attachment named `<slug>-subscribers.csv`.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { NOT_BLANK } from '../../../core/contract/entries.schema.ts';
import { SubscriberStatusSchema } from '../../../core/contract/subscribers.schema.ts';
import type { ProjectRow } from '../../db/projects.ts';
import type { ServiceContext } from '../../services/context.ts';
import { exportSubscribersCsv } from '../../services/engagement/export-subscribers.ts';

export const SubscriberFilterSchema = z.strictObject({
  status: SubscriberStatusSchema.optional(),
  q: z.string().trim().min(1).max(254).meta(NOT_BLANK).optional(),
});

export function replyWithSubscribersCsv(
  reply: FastifyReply,
  ctx: ServiceContext,
  project: ProjectRow,
  filter: z.infer<typeof SubscriberFilterSchema>,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${project.slug}-subscribers.csv"`)
    .send(exportSubscribersCsv(ctx, project.id, filter));
}
