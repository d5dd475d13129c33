/**
 * Generic webhooks, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` with the channel's `whsec_` secret): `{"type":"entry.published","timestamp",
 * "data":{"entry":{…}}}` (docs/api.md#channels-key-authenticated), at most 20 KB: a longer body or HTML is
 * cut, and `url` links to the rest. A test delivery is `{"type":"ping","timestamp","data":{"project":
 * {name, slug, url}}}`. Any https destination (the SSRF guard still applies).
 */
import { WebhookEventSchema } from '../../../core/contract/channels.schema.ts';
import { titleWithoutVersion } from '../../../core/contract/titles.ts';
import type { EntryRow } from '../../db/entries.ts';
import { htmlToText } from '../../text/html-to-text.ts';
import type { ChannelTypeModule } from '../channel-type.ts';
import { cut } from './destination-rules.ts';

export const WEBHOOK_MAX_BYTES = 20 * 1024;

/** The event, checked against the schema the API document publishes for receivers. */
function envelope(entry: EntryRow, pageUrl: string, now: Date, body: string, html: string): string {
  const event = WebhookEventSchema.encode({
    type: 'entry.published',
    timestamp: now.toISOString(),
    data: {
      entry: {
        id: entry.id,
        // `version` is its own field: a title stored with it in front does not repeat it.
        title: titleWithoutVersion(entry.title, entry.version),
        slug: entry.slug,
        category: entry.category,
        version: entry.version,
        visibility: entry.visibility,
        publishedAt: entry.publishedAt?.toISOString() ?? null,
        url: pageUrl,
        html,
        body,
      },
    },
  });
  return JSON.stringify(event);
}

export const webhook: ChannelTypeModule = {
  payload(entry, pageUrl, now) {
    const full = envelope(entry, pageUrl, now, entry.body, entry.html);
    if (Buffer.byteLength(full) <= WEBHOOK_MAX_BYTES) return full;
    // Over 20 KB: keep the start of both texts (shorter until it fits) and let `url` carry the rest.
    for (let chars = Math.floor(WEBHOOK_MAX_BYTES / 4); ; chars = Math.floor(chars / 2)) {
      const cutDown = envelope(
        entry,
        pageUrl,
        now,
        cut(entry.body, chars),
        cut(htmlToText(entry.html), chars),
      );
      if (Buffer.byteLength(cutDown) <= WEBHOOK_MAX_BYTES || chars < 16) return cutDown;
    }
  },
  ping(project, pageUrl, now) {
    return JSON.stringify({
      type: 'ping',
      timestamp: now.toISOString(),
      data: { project: { name: project.name, slug: project.slug, url: pageUrl } },
    });
  },
  refuseUrl: () => null,
  signed: true,
};
