/**
 * Cross-device reader state (docs/readers.md#what-an-identified-reader-gets): an identified reader's reactions,
 * views, last-seen time and dismissed announcements are kept by `sub`, so two devices (two anonymous
 * ids, two tokens signed at different times) agree.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });
let secret: string;
/** Oldest first. */
const entries: { id: string; publishedAt: string }[] = [];

beforeAll(async () => {
  secret = await createReaderSecret(server, headers);
  for (const title of ['First', 'Second']) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title, body: 'x', publish: true },
    });
    expect(res.statusCode).toBe(201);
  }
  // Newest first, as the widget shows them.
  const widget = await server.app.inject({ url: `/api/widget/${owner.project.slug}` });
  entries.push(...widget.json().entries.reverse());
});

/** A device: its own anonymous id and its own token for the same `sub`. */
async function device(name: string, sub = 'ada') {
  const token = await signReaderToken(secret, { sub, name: `Ada on ${name}` });
  const h = { 'x-shiplog-reader': token };
  return {
    widget: () => server.app.inject({ url: `/api/widget/${owner.project.slug}`, headers: h }),
    react: (entryId: string, emoji: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: h,
        payload: { entryId, emoji, anonymousId: `device-${name}` },
      }),
    seen: (payload: object) =>
      server.app.inject({
        method: 'POST',
        url: `/api/widget/${owner.project.slug}/seen`,
        headers: h,
        payload,
      }),
  };
}

describe("an identified reader's state", () => {
  it('reactions of the same sub from two devices are one reaction', async () => {
    const phone = await device('phone');
    const laptop = await device('laptop');
    const entryId = entries[0]!.id;
    const first = await phone.react(entryId, '🎉');
    expect(first.json()).toMatchObject({ reacted: true, count: 1 });
    // The laptop sees it as the reader's own, and its toggle takes it back.
    expect((await laptop.widget()).json().reader.reactions).toEqual({ [entryId]: ['🎉'] });
    const second = await laptop.react(entryId, '🎉');
    expect(second.json()).toMatchObject({ reacted: false, count: 0 });
    // Another reader's reaction is theirs.
    const other = await device('tablet', 'grace');
    expect((await other.react(entryId, '🎉')).json()).toMatchObject({ reacted: true, count: 1 });
    expect((await phone.widget()).json().reader.reactions).toEqual({});
  });

  it('the unread state agrees on two devices; it never moves back', async () => {
    const phone = await device('phone', 'lin');
    const laptop = await device('laptop', 'lin');
    expect((await laptop.widget()).json().reader.lastSeenAt).toBeNull();
    const newest = entries[1]!.publishedAt;
    const marked = await phone.seen({ lastSeenAt: newest });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().reader.lastSeenAt).toBe(newest);
    expect((await laptop.widget()).json().reader.lastSeenAt).toBe(newest);
    // A device that last looked earlier does not make the reader's entries unread again.
    await laptop.seen({ lastSeenAt: entries[0]!.publishedAt });
    expect((await phone.widget()).json().reader.lastSeenAt).toBe(newest);
    // Nor can a clock ahead push it past now.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const clamped = (await phone.seen({ lastSeenAt: future })).json().reader.lastSeenAt;
    expect(Date.parse(clamped)).toBeLessThanOrEqual(Date.now());
  });

  it('an announcement dismissed on one device is seen on the other', async () => {
    const phone = await device('phone', 'kim');
    const laptop = await device('laptop', 'kim');
    const announcementId = entries[0]!.id;
    expect((await phone.seen({ announcementId })).statusCode).toBe(200);
    expect((await laptop.widget()).json().reader.seenAnnouncements).toEqual([announcementId]);
    expect((await laptop.seen({ announcementId: 'ent_unknown' })).statusCode).toBe(404);
  });

  it('anonymous readers keep their state in the browser: /seen is 401 without a token', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/widget/${owner.project.slug}/seen`,
      payload: { lastSeenAt: entries[0]!.publishedAt },
    });
    expect(res.statusCode).toBe(401);
    const empty = await (await device('phone', 'zed')).seen({});
    expect(empty.statusCode).toBe(400);
  });

  it('the widget answer of a reader keeps its ETag while nothing changes (304)', async () => {
    const phone = await device('phone', 'ada');
    const first = await phone.widget();
    const again = await server.app.inject({
      url: `/api/widget/${owner.project.slug}`,
      headers: {
        'x-shiplog-reader': await signReaderToken(secret, { sub: 'ada' }),
        'if-none-match': String(first.headers.etag),
      },
    });
    expect(again.statusCode).toBe(304);
  });
});
