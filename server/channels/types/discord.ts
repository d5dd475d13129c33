/**
 * Discord webhooks: one embed (title ≤ 256, description ≤ 4,096; 6,000 characters across embeds), the
 * entry's text backslash-escaped by render-chat-text.ts, and `allowed_mentions` that let it ping no
 * one. Destinations: `https://discord.com/api/webhooks/…` (and Discord's other hosts).
 */
import { titleWithVersion } from '../../../core/contract/titles.ts';
import type { ChannelTypeModule } from '../channel-type.ts';
import { escapeDiscord, renderChatText } from '../render-chat-text.ts';
import { cut, httpsOnHosts } from './destination-rules.ts';

export const discord: ChannelTypeModule = {
  payload(entry, pageUrl, now) {
    const title = titleWithVersion(entry.title, entry.version);
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
  },
  ping(project, pageUrl) {
    return JSON.stringify({
      allowed_mentions: { parse: [] },
      content: `${escapeDiscord(`Test from Shiplog: ${project.name} will post its releases here.`)} <${pageUrl}>`,
    });
  },
  refuseUrl: httpsOnHosts(
    ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'],
    '/api/webhooks/',
    'a Discord webhook URL',
  ),
  signed: false,
};
