/**
 * Subscriptions with double opt-in, driven like a person: a real SMTP server receives the mail, the
 * test follows its links (GET page, POST button), and one-click unsubscribes as a mail client would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredPending } from '../../../../server/db/subscribers.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { header, type Inbox, linkIn, startInbox } from '../../../helpers/smtp-inbox.ts';
import { postOneClickUnsubscribe } from '../../../helpers/subscribers.ts';

let server: TestServer;
let inbox: Inbox;
let slug: string;
let headers: Record<string, string>;
let ipCounter = 0;
/** A fresh client address per call, so the per-IP limit (8 per 10 minutes) is not what we test here. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  inbox = await startInbox();
  server = await buildTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Acme updates <updates@acme.test>' });
  const created = await server.project('pro');
  slug = created.project.slug;
  headers = created.headers;
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

const subscribe = (email: string, extra: Record<string, unknown> = {}, ip = nextIp()) =>
  server.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress: ip,
    payload: { project: slug, email, ...extra },
  });
const pathOf = (url: string) => url.replace('https://changelog.test', '');
const statusOf = async (email: string) =>
  (await server.db.sql<{ status: string }[]>`select status from subscribers where email = ${email}`)[0]
    ?.status;

describe('double opt-in', () => {
  it('sends a confirmation email; GET shows a page and changes nothing; POST confirms once', async () => {
    const res = await subscribe('Reader@Example.com', { page: 'https://acme.test/changelog' }, '203.0.113.7');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'pending' });

    const mail = await inbox.next('reader@example.com');
    expect(mail.subject).toContain('Confirm your subscription');
    expect(mail.from).toMatchObject({ address: 'updates@acme.test' });
    expect(mail.text).toContain('https://changelog.test/api/subscribe/confirm?token=');
    expect(mail.html).toContain('Confirm your subscription');
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/changelog\.test\/api\/unsubscribe\?token=.+>$/,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const confirmUrl = pathOf(linkIn(mail, 'https://changelog.test/api/subscribe/confirm?token='));
    // A link scanner opens the link: nothing happens.
    for (let i = 0; i < 3; i++) {
      const view = await server.app.inject({
        method: 'GET',
        url: confirmUrl,
        headers: { accept: 'text/html' },
      });
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(view.body).toContain('<form method="post"');
      expect(view.body).not.toContain('<script');
    }
    expect(await statusOf('reader@example.com')).toBe('pending');

    // The person presses the button: a form POST to the same URL.
    const confirmed = await server.app.inject({
      method: 'POST',
      url: confirmUrl,
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Firefox/140',
      },
      payload: '',
      remoteAddress: '203.0.113.8',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You are subscribed');
    // The page leads back to the changelog the reader subscribed to.
    expect(confirmed.body).toMatch(
      new RegExp(`<a href="https://changelog\\.test/changelog/${slug}">Read the [^<]+ changelog</a>`),
    );
    expect(await statusOf('reader@example.com')).toBe('confirmed');

    const [consent] = await server.db.sql`select * from subscribers where email = 'reader@example.com'`;
    expect(consent).toMatchObject({
      requestIp: '203.0.113.7',
      requestPage: 'https://acme.test/changelog',
      confirmIp: '203.0.113.8',
      confirmUserAgent: 'Firefox/140',
    });
    expect(consent!.requestedAt).toBeInstanceOf(Date);
    expect(consent!.confirmedAt).toBeInstanceOf(Date);
    // The token was used up: no confirmation link of this address is left.
    const [links] = await server.db.sql<{ n: number }[]>`
      select count(*)::int as n from confirmation_tokens where subscriber_id = ${consent!.id}`;
    expect(links!.n).toBe(0);

    // Single use.
    const again = await server.app.inject({
      method: 'POST',
      url: confirmUrl,
      headers: { accept: 'text/html' },
    });
    expect(again.statusCode).toBe(404);
    const asApi = await server.app.inject({ method: 'POST', url: confirmUrl });
    expect(asApi.json().code).toBe('not_found');
  });

  it('unsubscribes by one-click POST (RFC 8058) and by the page; GET changes nothing', async () => {
    await subscribe('leaver@example.com');
    const mail = await inbox.next('leaver@example.com');
    await server.app.inject({
      method: 'POST',
      url: pathOf(linkIn(mail, 'https://changelog.test/api/subscribe/confirm?token=')),
    });
    expect(await statusOf('leaver@example.com')).toBe('confirmed');

    const unsubscribeUrl = pathOf(header(mail, 'List-Unsubscribe')!.slice(1, -1));
    const view = await server.app.inject({
      method: 'GET',
      url: unsubscribeUrl,
      headers: { accept: 'text/html' },
    });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Unsubscribe');
    expect(await statusOf('leaver@example.com')).toBe('confirmed');

    // What a mail client sends: no cookie, a form body.
    const oneClick = await postOneClickUnsubscribe(server.app, unsubscribeUrl);
    expect(oneClick.statusCode).toBe(200);
    expect(await statusOf('leaver@example.com')).toBe('unsubscribed');

    const forged = await server.app.inject({ method: 'POST', url: `${unsubscribeUrl.slice(0, -3)}xyz` });
    expect(forged.statusCode).toBe(404);
  });

  it('answers new, pending, confirmed and unsubscribed addresses with byte-identical responses', async () => {
    // Set up one address in each state.
    await subscribe('pending@example.com');
    await inbox.next('pending@example.com');
    await subscribe('confirmed@example.com');
    await server.app.inject({
      method: 'POST',
      url: pathOf(
        linkIn(
          await inbox.next('confirmed@example.com'),
          'https://changelog.test/api/subscribe/confirm?token=',
        ),
      ),
    });
    await subscribe('gone@example.com');
    const goneMail = await inbox.next('gone@example.com');
    await server.app.inject({
      method: 'POST',
      url: pathOf(header(goneMail, 'List-Unsubscribe')!.slice(1, -1)),
    });

    const answers = [];
    for (const email of [
      'new@example.com',
      'pending@example.com',
      'confirmed@example.com',
      'gone@example.com',
    ]) {
      const res = await subscribe(email);
      const { date: _d, 'x-request-id': _r, ...rest } = res.headers;
      answers.push({ status: res.statusCode, body: res.body, headers: rest });
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    // Pending and unsubscribed addresses get a fresh confirmation; a confirmed one gets nothing.
    await inbox.next('new@example.com');
    await inbox.next('pending@example.com');
    await inbox.next('gone@example.com');
    // The confirmed address was asked for before 'gone', whose mail is here: it got no second email.
    await subscribe('sentinel@example.com');
    await inbox.next('sentinel@example.com');
    const toConfirmed = inbox.messages.filter((m) =>
      m.to?.some((a) => 'address' in a && a.address === 'confirmed@example.com'),
    );
    expect(toConfirmed).toHaveLength(1);
    expect(await statusOf('confirmed@example.com')).toBe('confirmed');
    expect(await statusOf('gone@example.com')).toBe('pending');
  });

  it('rejects a bad address (400) and an unknown project (404); caps mails per address per day', async () => {
    for (const email of ['not-an-email', '"<b>victim@evil.example>x</b>"@example.com', '"a b"@example.com']) {
      const bad = await subscribe(email);
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json().errors[0].pointer).toBe('/email');
    }
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { project: 'nope', email: 'a@example.com' },
    });
    expect(unknown.statusCode).toBe(404);
    const extra = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { project: slug, email: 'a@example.com', name: 'x' },
    });
    expect(extra.json().errors[0].pointer).toBe('/name');

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await subscribe('flooded@example.com')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('keeps every confirmation link valid until it expires: a second request does not kill the first', async () => {
    await subscribe('twice@example.com');
    const first = await inbox.next('twice@example.com');
    await subscribe('twice@example.com');
    const second = await inbox.next('twice@example.com');
    const firstUrl = pathOf(linkIn(first, 'https://changelog.test/api/subscribe/confirm?token='));
    const secondUrl = pathOf(linkIn(second, 'https://changelog.test/api/subscribe/confirm?token='));
    expect(firstUrl).not.toBe(secondUrl);
    // The first email's link still works, once.
    expect((await server.app.inject({ method: 'POST', url: firstUrl })).statusCode).toBe(200);
    expect(await statusOf('twice@example.com')).toBe('confirmed');
    expect((await server.app.inject({ method: 'POST', url: firstUrl })).statusCode).toBe(404);
  });

  it('answers 404, not 500, to an unsubscribe link whose subscription was purged meanwhile', async () => {
    await subscribe('purged@example.com');
    const mail = await inbox.next('purged@example.com');
    await server.db.sql`delete from subscribers where email = 'purged@example.com'`;
    const res = await server.app.inject({
      method: 'POST',
      url: pathOf(header(mail, 'List-Unsubscribe')!.slice(1, -1)),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('expires links after 48 h and purges addresses that never confirmed', async () => {
    await subscribe('late@example.com');
    const mail = await inbox.next('late@example.com');
    await server.db
      .sql`update subscribers set confirm_expires_at = now() - interval '1 minute' where email = 'late@example.com'`;
    await server.db.sql`update confirmation_tokens set expires_at = now() - interval '1 minute'
      where subscriber_id = (select id from subscribers where email = 'late@example.com')`;
    const expired = await server.app.inject({
      method: 'POST',
      url: pathOf(linkIn(mail, 'https://changelog.test/api/subscribe/confirm?token=')),
    });
    expect(expired.statusCode).toBe(404);
    expect(await purgeExpiredPending(server.db.sql)).toBeGreaterThanOrEqual(1);
    expect(await statusOf('late@example.com')).toBeUndefined();
    expect(await statusOf('confirmed@example.com')).toBe('confirmed');
  });

  it('answers CORS preflights on the public POST endpoints', async () => {
    for (const url of ['/api/subscribe', '/api/reactions', '/api/analytics']) {
      const res = await server.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://acme.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-allow-headers'])).toMatch(/content-type/i);
    }
  });
});

describe('GET /api/v1/subscribers', () => {
  it('lists the project’s subscribers with counts by status, paginated', async () => {
    const all = (
      await server.app.inject({ method: 'GET', url: '/api/v1/subscribers?limit=2', headers })
    ).json();
    expect(all.subscribers).toHaveLength(2);
    expect(all.nextCursor).toEqual(expect.any(String));
    expect(all.counts.total).toBe(all.counts.pending + all.counts.confirmed + all.counts.unsubscribed);
    expect(all.counts.confirmed).toBeGreaterThanOrEqual(2);
    const confirmed = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/subscribers?status=confirmed&limit=100',
        headers,
      })
    ).json();
    expect(confirmed.subscribers.every((s: { status: string }) => s.status === 'confirmed')).toBe(true);
    expect(confirmed.subscribers[0]).toEqual({
      id: expect.stringMatching(/^sub_/),
      email: expect.any(String),
      status: 'confirmed',
      createdAt: expect.any(String),
      confirmedAt: expect.any(String),
      unsubscribedAt: null,
    });
  });

  it('walks every subscriber exactly once, page by page, following Link', async () => {
    const { counts } = (
      await server.app.inject({ method: 'GET', url: '/api/v1/subscribers', headers })
    ).json();
    expect(counts.total).toBeGreaterThan(4);
    const seen: string[] = [];
    let url: string | null = '/api/v1/subscribers?limit=2';
    while (url) {
      const res = await server.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().subscribers.map((s: { id: string }) => s.id));
      const link = res.headers.link as string | undefined;
      url = link ? link.slice(link.indexOf('/api/v1/'), link.indexOf('>')) : null;
    }
    expect(seen.length).toBe(counts.total);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
