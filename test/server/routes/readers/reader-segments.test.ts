/**
 * A reader's token carries their segments through HTTP (docs/api.md#readers-and-audiences-segments-summary-announcements): the
 * widget, the signed feed and page links, reactions and "seen" all show a reader the entries of their
 * segments, and nobody else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });
let secret: string;
let beta: { id: string; slug: string };

beforeAll(async () => {
  secret = await createReaderSecret(server, headers);
  await postEntry(server.app, headers, { title: 'For everyone', body: 'x', publish: true });
  beta = await postEntry(server.app, headers, {
    title: 'Beta only',
    body: 'quasar',
    segments: ['beta'],
    announce: true,
    publish: true,
  });
});

const as = async (segments: string[]) => ({
  'x-shiplog-reader': await signReaderToken(secret, { sub: `reader-${segments.join('-')}`, segments }),
});
const widget = (h: Record<string, string> = {}) =>
  server.app.inject({ url: `/api/widget/${owner.project.slug}`, headers: h });
const titles = (res: { json(): { entries: { title: string }[] } }) => res.json().entries.map((e) => e.title);

describe("a reader's segments", () => {
  it('show the entries of those segments in the widget and behind its signed links', async () => {
    const reader = await as(['beta']);
    const res = await widget(reader);
    expect(titles(res)).toEqual(['Beta only', 'For everyone']);
    for (const link of [res.json().links.json, res.json().links.page]) {
      const url = new URL(link);
      expect((await server.app.inject({ url: url.pathname + url.search })).body, link).toContain('Beta only');
    }
    expect(titles(await widget(await as(['gamma'])))).toEqual(['For everyone']);
    expect(titles(await widget())).toEqual(['For everyone']);
  });

  it('match exactly, as documented: spaces and case included, never trimmed', async () => {
    expect(titles(await widget(await as(['beta'])))).toEqual(['Beta only', 'For everyone']);
    for (const near of [' beta', 'beta ', 'Beta', 'BETA']) {
      const res = await widget(await as([near]));
      expect(res.statusCode, near).toBe(200);
      expect(titles(res), JSON.stringify(near)).toEqual(['For everyone']);
    }
  });

  it('let only those readers react to it, or mark it seen', async () => {
    const reaction = { entryId: beta.id, emoji: '👍', anonymousId: 'device-0001' };
    const react = async (h: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/api/reactions', headers: h, payload: reaction });
    expect((await react(await as(['beta']))).statusCode).toBe(200);
    expect((await react(await as(['gamma']))).statusCode).toBe(404);
    expect((await react({})).statusCode).toBe(404);
    const seen = async (h: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: `/api/widget/${owner.project.slug}/seen`,
        headers: h,
        payload: { announcementId: beta.id },
      });
    expect((await seen(await as(['beta']))).statusCode).toBe(200);
    expect((await seen(await as(['gamma']))).statusCode).toBe(404);
  });
});
