/**
 * Identified readers (docs/readers.md#what-an-identified-reader-gets): a token the host app signs with jose
 * verifies; a wrong secret, an expired token, one living longer than 30 days, one without `sub`, one
 * signed with another project's secret, bad claims, a header too long: all `401`, never anonymous.
 * Rotation: the previous secret verifies for 24 hours, not after.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer();

/** A token over claims given as bytes, which need not be UTF-8 (a library would not sign them). */
function signRawClaims(secret: string, claims: Buffer): string {
  const input = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${claims.toString('base64url')}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const DAY = 24 * 3600;

const widget = (slug: string, token?: string) =>
  server.app.inject({
    url: `/api/widget/${slug}`,
    headers: token === undefined ? {} : { 'x-shiplog-reader': token },
  });

describe('reader tokens', () => {
  it('a token signed by the host app with the secret verifies, and the answer is private to the reader', async () => {
    const secret = await createReaderSecret(server, headers);
    expect(secret).toMatch(/^rsk_[0-9A-Za-z]{40}$/);
    const token = await signReaderToken(secret, { sub: 'user-42', name: 'Ada' });
    const res = await widget(owner.project.slug, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/X-Shiplog-Reader/i);
    expect(res.json().reader).toEqual({
      sub: 'user-42',
      lastSeenAt: null,
      seenAnnouncements: [],
      reactions: {},
    });
    // Its feed links carry a token of their own, which the feeds accept.
    const rss = new URL(res.json().links.rss);
    expect(rss.searchParams.get('token')).toBeTruthy();
    const feed = await server.app.inject({ url: rss.pathname + rss.search });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('private, no-cache');
  });

  it('an anonymous answer of a public project keeps its public caching and ETag', async () => {
    const res = await widget(owner.project.slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, s-maxage=60, stale-while-revalidate=300');
    expect(String(res.headers.vary)).toMatch(/X-Shiplog-Reader/i);
    expect(res.json().reader).toBeUndefined();
    const again = await server.app.inject({
      url: `/api/widget/${owner.project.slug}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['a wrong secret', async () => signReaderToken(`rsk_${'x'.repeat(40)}`, { sub: 'u1' })],
    ['an expired token', async (secret: string) => signReaderToken(secret, { sub: 'u1' }, -120)],
    [
      'exp more than 30 days ahead',
      async (secret: string) => signReaderToken(secret, { sub: 'u1' }, 31 * DAY),
    ],
    ['no exp', async (secret: string) => signReaderToken(secret, { sub: 'u1' }, null)],
    ['no sub', async (secret: string) => signReaderToken(secret, {})],
    [
      'too many segments',
      async (secret: string) =>
        signReaderToken(secret, { sub: 'u1', segments: Array.from({ length: 21 }, (_, i) => `s${i}`) }),
    ],
    [
      'segments that are not strings',
      async (secret: string) => signReaderToken(secret, { sub: 'u1', segments: [1] }),
    ],
    ['not a JWT', async () => 'not-a-token'],
    ['an empty header', async () => ''],
    // Folded to U+FFFD, two readers would share one state.
    ['a sub with a lone surrogate', async (secret: string) => signReaderToken(secret, { sub: 'ada\ud800' })],
    [
      'a segment with a lone surrogate',
      async (secret: string) => signReaderToken(secret, { sub: 'u1', segments: ['b\udc00'] }),
    ],
    [
      'claims that are not UTF-8',
      async (secret: string) =>
        signRawClaims(
          secret,
          Buffer.from(
            '{"sub":"ada\xff","exp":9999999999}'.replace(
              '9999999999',
              String(Math.floor(Date.now() / 1000) + 3600),
            ),
            'latin1',
          ),
        ),
    ],
    [
      'a token longer than 4096 characters',
      async (secret: string) => signReaderToken(secret, { sub: 'u1', name: 'n'.repeat(5000) }),
    ],
  ])('%s is 401, not anonymous', async (_why, make) => {
    const secret = await createReaderSecret(server, headers);
    const res = await widget(owner.project.slug, await make(secret));
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('unauthorized');
  });

  it('allows the documented 60 seconds of clock leeway on exp and nbf, not more', async () => {
    const secret = await createReaderSecret(server, headers);
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ sub: 'u1', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secret));
    const status = async (claims: Record<string, unknown>) =>
      (await widget(owner.project.slug, await sign(claims))).statusCode;
    expect(await status({ exp: now - 30 })).toBe(200);
    expect(await status({ exp: now - 90 })).toBe(401);
    expect(await status({ exp: now + 3600, nbf: now + 30 })).toBe(200);
    expect(await status({ exp: now + 3600, nbf: now + 90 })).toBe(401);
  });

  it("another project's secret is 401", async () => {
    const other = await server.project('pro');
    const foreign = await createReaderSecret(server, other.headers);
    await createReaderSecret(server, headers);
    const res = await widget(owner.project.slug, await signReaderToken(foreign, { sub: 'u1' }));
    expect(res.statusCode).toBe(401);
  });

  it('a project without a reader secret refuses tokens (401)', async () => {
    const other = await server.project('pro');
    const res = await widget(
      other.project.slug,
      await signReaderToken(`rsk_${'y'.repeat(40)}`, { sub: 'u1' }),
    );
    expect(res.statusCode).toBe(401);
  });

  it('after a rotation the previous secret verifies for 24 hours, then not', async () => {
    const { project, headers: keyHeaders } = await server.project('pro');
    const old = await createReaderSecret(server, keyHeaders);
    const rotated = await server.app.inject({
      method: 'POST',
      url: '/api/v1/project/reader-secret',
      headers: keyHeaders,
    });
    expect(rotated.statusCode).toBe(201);
    const { secret: current, createdAt, previousRetiresAt } = rotated.json();
    expect(current).not.toBe(old);
    expect(Date.parse(previousRetiresAt) - Date.parse(createdAt)).toBe(DAY * 1000);
    const oldToken = await signReaderToken(old, { sub: 'u1' });
    expect((await widget(project.slug, oldToken)).statusCode).toBe(200);
    expect((await widget(project.slug, await signReaderToken(current, { sub: 'u1' }))).statusCode).toBe(200);
    // A day later (the database's clock decides): the old secret no longer verifies.
    await server.db.sql`update retired_reader_secrets set retires_at = now() - interval '1 second'
      where project_id = ${project.id}`;
    expect((await widget(project.slug, oldToken)).statusCode).toBe(401);
    expect((await widget(project.slug, await signReaderToken(current, { sub: 'u1' }))).statusCode).toBe(200);
  });

  it('every secret rotated out keeps verifying for its own 24 hours, not only the last one', async () => {
    const { project, headers: keyHeaders } = await server.project('pro');
    const first = await createReaderSecret(server, keyHeaders);
    const firstToken = await signReaderToken(first, { sub: 'u1' });
    // Two rotations in a row (a double click): neither kills the tokens of the first secret.
    const second = await createReaderSecret(server, keyHeaders);
    const secondToken = await signReaderToken(second, { sub: 'u2' });
    const third = await createReaderSecret(server, keyHeaders);
    for (const token of [firstToken, secondToken, await signReaderToken(third, { sub: 'u3' })]) {
      expect((await widget(project.slug, token)).statusCode).toBe(200);
    }
    // The first one's 24 hours end (the database's clock decides); the second's have not.
    await server.db.sql`update retired_reader_secrets set retires_at = now() - interval '1 second'
      where project_id = ${project.id} and secret = ${first}`;
    expect((await widget(project.slug, firstToken)).statusCode).toBe(401);
    expect((await widget(project.slug, secondToken)).statusCode).toBe(200);
    const settings = await server.app.inject({ url: '/api/v1/project', headers: keyHeaders });
    expect(settings.json().project.readerSecret.previousRetiresAt).not.toBeNull();
  });

  it.each([
    ['a secret of its own', { secret: `rsk_${'m'.repeat(40)}` }, '/secret'],
    ['an array', [], ''],
    ['an unknown field', { rotate: true }, '/rotate'],
  ])('rotating takes no body: %s is 400 and rotates nothing', async (_why, payload, pointer) => {
    const { headers: keyHeaders } = await server.project('pro');
    const secret = await createReaderSecret(server, keyHeaders);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/project/reader-secret',
      headers: keyHeaders,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('invalid');
    expect(res.json().errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    expect(res.body).not.toMatch(/rsk_[0-9A-Za-z]{40}/);
    // Still the same secret: its tokens verify, and the project has no previous one.
    const settings = await server.app.inject({ url: '/api/v1/project', headers: keyHeaders });
    expect(settings.json().project.readerSecret.previousRetiresAt).toBeNull();
    const slug = settings.json().project.slug;
    expect((await widget(slug, await signReaderToken(secret, { sub: 'u1' }))).statusCode).toBe(200);
    // No body, or `{}`, rotates.
    for (const empty of [undefined, {}]) {
      const rotated = await server.app.inject({
        method: 'POST',
        url: '/api/v1/project/reader-secret',
        headers: keyHeaders,
        ...(empty === undefined ? {} : { payload: empty }),
      });
      expect(rotated.statusCode, rotated.body).toBe(201);
    }
  });
});
