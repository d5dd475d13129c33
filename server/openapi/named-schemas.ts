/**
 * The schemas the API document names (`components.schemas`) instead of repeating them inline. They are
 * named in zod's global registry, whose other metadata (`.describe()`) the document already reads.
 * fastify-type-provider-zod names a request-side copy `<Name>Input`; unused names are pruned from the
 * document (plugins/openapi.ts).
 */
import { z } from 'zod';
import { ChannelSchema, DeliverySchema, WebhookEventSchema } from '../../core/contract/channels.schema.ts';
import { EntrySchema, EntrySummarySchema } from '../../core/contract/entries.schema.ts';
import { DraftSchema } from '../../core/contract/generate.schema.ts';
import { ProblemSchema } from '../../core/contract/problem.ts';

const NAMED: [z.ZodType, string][] = [
  [ProblemSchema, 'Problem'],
  [EntrySummarySchema, 'EntrySummary'],
  [EntrySchema, 'Entry'],
  [DraftSchema, 'Draft'],
  [ChannelSchema, 'Channel'],
  [DeliverySchema, 'Delivery'],
  [WebhookEventSchema, 'WebhookEvent'],
];

/** Name the schemas (once per process: the registry refuses a second schema under one id). */
export function nameSchemas(): void {
  for (const [schema, id] of NAMED) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

/** A reference to the named schema `id`, for parts of the document written by hand (webhooks). */
export const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });
