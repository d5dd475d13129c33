/**
 * The version once on every surface (docs/api.md#generate-a-draft-from-commits-and-pull-requests; issue "Exactly once…", item 5): an entry
 * stored before titles lost their version (`10.4.0: Faster search`, version `10.4.0`) and a new one
 * (`Dark mode`, version `v2.0.0` stored as `2.0.0`) show their version exactly once in the feeds, the
 * page, the widget, the email subject and text, Slack, Discord and the webhook body, all reached
 * through their real interfaces (HTTP, a real SMTP server, real receivers on loopback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { createEntry } from '../helpers/create-entry.ts';
import { insertSubscribers } from '../helpers/subscribers.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { type Inbox, startInbox } from '../helpers/smtp-inbox.ts';

let receiver: Receiver;
let inbox: Inbox;
let server: TestServer;
let headers: Record<string, string>;
let slug: string;

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

beforeAll(async () => {
  receiver = await startReceiver();
  inbox = await startInbox();
  server = await buildTestServer({ SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true', SMTP_URL: inbox.url });
  const created = await server.project('pro');
  headers = created.headers;
  slug = created.project.slug;
  await insertSubscribers(server.db.sql, created.project.id, [['sub_once', 'reader@example.com']]);
  for (const [type, path] of [
    ['slack', '/slack'],
    ['discord', '/discord'],
    ['webhook', '/webhook'],
  ]) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers,
      payload: { type, url: `${receiver.base}${path}` },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await createEntry(server.app, headers, {
    title: '10.4.0: Faster search',
    version: '10.4.0',
    publish: true,
  });
  await createEntry(server.app, headers, { title: 'Dark mode', version: 'v2.0.0', publish: true });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
  await receiver.close();
});

/** The bodies `path` received, waiting (bounded) until there are `n`. */
async function bodiesAt(path: string, n: number): Promise<string[]> {
  const at = await receiver.receivedAt(path, n);
  expect(at.length, path).toBeGreaterThanOrEqual(n);
  return at.map((r) => r.body);
}

describe('the version, once', () => {
  it('in every feed', async () => {
    for (const kind of ['rss', 'atom', 'json']) {
      const feed = (await server.app.inject({ url: `/api/feeds/${slug}/${kind}` })).body;
      expect(occurrences(feed, '10.4.0: Faster search'), kind).toBe(1);
      expect(feed, kind).not.toContain('10.4.0: 10.4.0');
      expect(occurrences(feed, '2.0.0: Dark mode'), kind).toBe(1);
    }
  });

  it('on the page and in the widget, where the version has its own chip', async () => {
    const page = (await server.app.inject({ url: `/changelog/${slug}`, headers: { accept: 'text/html' } }))
      .body;
    expect(page).toMatch(/<span class="version">10\.4\.0<\/span>/);
    expect(page).toMatch(/>Faster search<\/a><\/h2>/);
    expect(occurrences(page, '10.4.0')).toBe(1);
    const widget = (await server.app.inject({ url: `/api/widget/${slug}` })).json();
    expect(widget.entries.map((e: { title: string; version: string }) => [e.version, e.title])).toEqual([
      ['2.0.0', 'Dark mode'],
      ['10.4.0', 'Faster search'],
    ]);
  });

  it('in the email subject and text', async () => {
    for (let i = 0; i < 300 && inbox.messages.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const subjects = inbox.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      expect.stringMatching(/ 10\.4\.0: Faster search$/),
      expect.stringMatching(/ 2\.0\.0: Dark mode$/),
    ]);
    for (const message of inbox.messages) expect(message.text ?? '').not.toMatch(/10\.4\.0: 10\.4\.0/);
  });

  it('in Slack, Discord and the webhook body', async () => {
    const slack = (await bodiesAt('/slack', 2)).join('\n');
    expect(slack).toContain('10.4.0: Faster search');
    expect(slack).not.toContain('10.4.0: 10.4.0');
    const discord = (await bodiesAt('/discord', 2)).join('\n');
    expect(discord).not.toMatch(/10\\?\.4\\?\.0\\?: 10/);
    const webhook = (await bodiesAt('/webhook', 2)).map((b) => JSON.parse(b).data.entry);
    expect(webhook.map((e: { version: string; title: string }) => [e.version, e.title]).sort()).toEqual([
      ['10.4.0', 'Faster search'],
      ['2.0.0', 'Dark mode'],
    ]);
  });
});
