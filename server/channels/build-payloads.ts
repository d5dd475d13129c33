/**
 * What each kind of channel receives for a published entry:
 * - Slack incoming webhook: Block Kit, a header (plain text, ≤ 150 characters) and a section (mrkdwn,
 *   ≤ 3,000 characters, `verbatim`) with a link to the entry's page;
 * - Discord webhook: one embed (title ≤ 256, description ≤ 4,096; 6,000 characters across embeds), and
 *   `allowed_mentions` that let it ping no one;
 * Entry text reaches Slack and Discord escaped (render-chat-text.ts): only the links Shiplog made are
 * links there.
 * - generic webhook: `{"type":"entry.published","timestamp","data":{"entry":{…}}}` (CONTRACT.md), at
 *   most 20 KB: a longer body or HTML is cut, and `url` links to the rest.
 */
import { titleWithoutVersion, titleWithVersion } from '../../core/contract/titles.ts';
import type { ChannelType } from '../db/channels.ts';
import type { EntryRow } from '../db/entries.ts';
import { htmlToText } from '../text/html-to-text.ts';
import { escapeDiscord, escapeSlack, renderChatText, slackLink } from './render-chat-text.ts';

export const WEBHOOK_MAX_BYTES = 20 * 1024;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function buildPayload(type: ChannelType, entry: EntryRow, pageUrl: string, now: Date): string {
  const title = titleWithVersion(entry.title, entry.version);
  if (type === 'slack') {
    const link = `\n\n${slackLink(pageUrl, 'Read it on the changelog')}`;
    return JSON.stringify({
      // The notification's text is mrkdwn too.
      text: escapeSlack(cut(title, 150)),
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: true } },
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: renderChatText(entry.html, 'slack', 3000 - link.length) + link,
            verbatim: true,
          },
        },
      ],
    });
  }
  if (type === 'discord') {
    return JSON.stringify({
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: cut(escapeDiscord(title), 256),
          url: pageUrl,
          description: renderChatText(entry.html, 'discord', 4096 - 256 - 64),
          timestamp: (entry.publishedAt ?? now).toISOString(),
        },
      ],
    });
  }
  const envelope = (body: string, html: string) =>
    JSON.stringify({
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
  const full = envelope(entry.body, entry.html);
  if (Buffer.byteLength(full) <= WEBHOOK_MAX_BYTES) return full;
  // Over 20 KB: keep the start of both texts (shorter until it fits) and let `url` carry the rest.
  for (let chars = Math.floor(WEBHOOK_MAX_BYTES / 4); ; chars = Math.floor(chars / 2)) {
    const cutDown = envelope(cut(entry.body, chars), cut(htmlToText(entry.html), chars));
    if (Buffer.byteLength(cutDown) <= WEBHOOK_MAX_BYTES || chars < 16) return cutDown;
  }
}
