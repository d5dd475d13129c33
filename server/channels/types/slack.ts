/**
 * Slack incoming webhooks: Block Kit, a header (plain text, ≤ 150 characters) and a section (mrkdwn,
 * ≤ 3,000 characters, `verbatim`, the entry's text escaped by render-chat-text.ts) with a link to the
 * entry's page. Destinations: `https://hooks.slack.com/services/…` (or Slack GovSlack's host).
 */
import { titleWithVersion } from '../../../core/contract/titles.ts';
import type { ChannelTypeModule } from '../channel-type.ts';
import { escapeSlack, renderChatText, slackLink } from '../render-chat-text.ts';
import { cut, httpsOnHosts } from './destination-rules.ts';

export const slack: ChannelTypeModule = {
  payload(entry, pageUrl) {
    const title = titleWithVersion(entry.title, entry.version);
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
  },
  ping(project, pageUrl) {
    return JSON.stringify({
      text: `${escapeSlack(`Test from Shiplog: ${project.name} will post its releases here.`)} ${slackLink(pageUrl, 'The changelog')}`,
    });
  },
  refuseUrl: httpsOnHosts(
    ['hooks.slack.com', 'hooks.slack-gov.com'],
    '/services/',
    'a Slack incoming webhook URL',
  ),
  signed: false,
};
