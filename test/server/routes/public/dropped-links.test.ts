/**
 * A link the renderer drops (a relative target: the widget shows entries inside the customer's page,
 * where `/rel` would resolve against the customer's site) loses its tag and keeps its text, and every
 * element closes where it was: the links after it keep their own text, never the rest of the
 * paragraph, and never nest. Checked on what readers get, over HTTP: the entry API, the widget, the
 * entry's page, the three feeds and a signed webhook delivery all carry the one rendering.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { type Receiver, startReceiver } from '../../../helpers/receiver.ts';

const BODY =
  '[B](/rel) then [A](https://a.example) and [C](../c) then [D](https://d.example) end ' +
  '<a href="/raw">E</a> and <a href="https://f.example">F</a> done';
const TEXT = 'B then A and C then D end E and F done';
const LINKS = [
  ['https://a.example', 'A'],
  ['https://d.example', 'D'],
  ['https://f.example', 'F'],
];

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({ status: 200 });
});
afterAll(() => receiver.close());
const { server, headers, owner } = useTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' });

let entry: { id: string; slug: string };
let secret: string;
beforeAll(async () => {
  const channel = await server.app.inject({
    method: 'POST',
    url: '/api/v1/channels',
    headers,
    payload: { type: 'webhook', url: `${receiver.base}/hook` },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  secret = channel.json().channel.secret;
  entry = await postEntry(server.app, headers, { title: 'Links', body: BODY, publish: true });
});

/** The paragraph of `html` holding the body's text, with the links in it, nested ones flagged. */
function paragraphOf(html: string) {
  const doc = parseDocument(html);
  const p = DomUtils.findOne(
    (e) => e.name === 'p' && DomUtils.textContent(e).includes('then A and'),
    doc.children,
  );
  expect(p, html).toBeTruthy();
  const links = DomUtils.findAll((e) => e.name === 'a', p!.children);
  return {
    text: DomUtils.textContent(p!),
    links: links.map((a) => [a.attribs.href, DomUtils.textContent(a)]),
    nested: links.filter((a) => DomUtils.findOne((e) => e.name === 'a', a.children) !== null),
  };
}

function expectIntact(html: string) {
  const { text, links, nested } = paragraphOf(html);
  expect(text).toBe(TEXT);
  expect(links).toEqual(LINKS);
  expect(nested).toEqual([]);
}

describe('a dropped relative link', () => {
  it('keeps its text and closes where it was: in the entry API and the widget', async () => {
    const got = await server.app.inject({ url: `/api/v1/entries/${entry.id}`, headers });
    expectIntact(got.json().entry.html);
    const widget = await server.app.inject({ url: `/api/widget/${owner.project.slug}` });
    expect(widget.statusCode).toBe(200);
    expectIntact(widget.json().entries[0].html);
  });

  it("on the entry's page and in the RSS, Atom and JSON feeds", async () => {
    const page = await server.app.inject({
      url: `/changelog/${owner.project.slug}/${entry.slug}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expectIntact(page.body);
    for (const format of ['rss', 'atom']) {
      const feed = await server.app.inject({ url: `/api/feeds/${owner.project.slug}/${format}` });
      expectIntact(parseFeed(feed.body).items[0]!.content!);
    }
    const json = await server.app.inject({ url: `/api/feeds/${owner.project.slug}/json` });
    expectIntact(json.json().items[0].content_html);
  });

  it('in the signed webhook delivery of the publish', async () => {
    const [delivery] = await receiver.receivedAt('/hook', 1);
    const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>);
    expectIntact((verified as { data: { entry: { html: string } } }).data.entry.html);
  });
});
