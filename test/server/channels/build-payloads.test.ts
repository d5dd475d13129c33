/**
 * Slack and Discord get entry text as text (docs/api.md#channels-key-authenticated): a commit drafted and published
 * with chat markup in its subject pings no one, shows no link that reads one address and goes to
 * another, and gives Discord no masked link. The only links are the ones Shiplog made: the draft's
 * references and the entry's page. Real receivers on loopback, through the job queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { type Receiver, startReceiver } from '../../helpers/receiver.ts';

const HOSTILE =
  'feat: x <!channel> <https://evil.example/l|https://github.com/octo/app> [Download](https://evil.example/dl) @everyone <@&123> (#12)';
const REFERENCE = 'https://github.com/octo/app/issues/12';

let receiver: Receiver;
let base: string;
let server: TestServer;
let headers: Record<string, string>;

beforeAll(async () => {
  receiver = await startReceiver();
  base = receiver.base;
  server = await buildTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' });
  ({ headers } = await server.project('pro'));
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

/** The `n`th body (from 1) that `path` received, parsed; waits for it (bounded). */
async function payloadAt(path: string, n = 1): Promise<any> {
  const at = () => receiver.received.filter((r) => r.path === path);
  for (let i = 0; i < 300 && at().length < n; i++) await new Promise((r) => setTimeout(r, 50));
  expect(at().length, path).toBeGreaterThanOrEqual(n);
  return JSON.parse(at()[n - 1]!.body);
}

/** The characters of `text` that are not backslash-escaped (Discord markdown). */
function unescaped(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else out += text[i];
  }
  return out;
}

describe('a drafted entry with chat markup in its commit text', () => {
  it('reaches Slack and Discord as text, with only the reference and the page as links', async () => {
    for (const [type, path] of [
      ['slack', '/slack/T0/B0/x'],
      ['discord', '/discord/1/y'],
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/channels',
        headers,
        payload: { type, url: `${base}${path}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const generated = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: { commits: [HOSTILE], version: '1.2.0', repository: 'octo/app', publish: true },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const { id } = generated.json().entry;
    const { url: page } = (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;
    expect(page).toMatch(/^https:\/\/changelog\.test\/changelog\//);

    const slack = await payloadAt('/slack/T0/B0/x');
    const section = slack.blocks[1].text;
    expect(section).toMatchObject({ type: 'mrkdwn', verbatim: true });
    // Every <…> left in the mrkdwn is a link Shiplog made; the commit's own markup is escaped text.
    const slackLinks = [...String(section.text).matchAll(/<([^<>|]*)(?:\|[^<>]*)?>/g)].map((m) => m[1]);
    expect(slackLinks).toEqual([REFERENCE, page]);
    expect(section.text).toContain(`<${REFERENCE}|#12>`);
    expect(section.text).toContain('&lt;!channel&gt;');
    expect(section.text).toContain('&lt;https://evil.example/l|https://github.com/octo/app&gt;');
    expect(slack.text).not.toMatch(/[<>]/);

    const discord = await payloadAt('/discord/1/y');
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    const [embed] = discord.embeds;
    expect(embed.url).toBe(page);
    const masked = [...String(embed.description).matchAll(/(?<!\\)\[((?:\\.|[^\\\]])*)\]\(([^)]*)\)/g)];
    expect(masked.map((m) => m[2])).toEqual([REFERENCE]);
    const plain = unescaped(String(embed.description).replace(masked[0]![0], ''));
    expect(plain).not.toMatch(/[[\]<>@]|:\/\//);
    expect(unescaped(embed.title)).not.toMatch(/[[\]<>@]/);
    // Escaped, Discord shows the very characters of the commit.
    expect(embed.description.replace(/\\(.)/g, '$1')).toContain(
      '<!channel> <https://evil.example/l|https://github.com/octo/app> [Download](https://evil.example/dl) @everyone <@&123>',
    );
  });

  it('cuts a long text at whole escapes and links, within Slack and Discord limits', async () => {
    const body = `${'Fast & <small> [x] '.repeat(400)}\n\nSee [the docs](https://docs.example.com/a_(b)).`;
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Long *one*', body, publish: true },
    });
    const slack = await payloadAt('/slack/T0/B0/x', 2);
    const text: string = slack.blocks[1].text.text;
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text).toMatch(
      /(&amp;|&lt;|&gt;|\w|\]|\[| )…\n\n<https:\/\/changelog\.test\/[^|>]+\|Read it on the changelog>$/,
    );
    const discord = await payloadAt('/discord/1/y', 2);
    const description: string = discord.embeds[0].description;
    expect(description.length).toBeLessThanOrEqual(4096);
    expect(description).toMatch(/(?<!\\)(\\\\)*…$/);
    expect(discord.embeds[0].title).toBe('Long \\*one\\*');
  });
});
