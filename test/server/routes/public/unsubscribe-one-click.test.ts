/**
 * RFC 8058 one-click unsubscribe as mail providers post it: `multipart/form-data` is answered like the
 * urlencoded form (docs/api.md's promise). The multipart parser has tight limits: a file, too many parts
 * or a large body is refused with a 4xx problem, a malformed body too, never a 500, and none of them
 * unsubscribes anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { header, type Inbox, linkIn, startInbox } from '../../../helpers/smtp-inbox.ts';
import { postOneClickUnsubscribe } from '../../../helpers/subscribers.ts';

let server: TestServer;
let inbox: Inbox;
let slug: string;
let ip = 0;

beforeAll(async () => {
  inbox = await startInbox();
  server = await buildTestServer({ SMTP_URL: inbox.url });
  slug = (await server.project('pro')).project.slug;
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

const pathOf = (url: string) => url.replace('https://changelog.test', '');
const statusOf = async (email: string) =>
  (await server.db.sql<{ status: string }[]>`select status from subscribers where email = ${email}`)[0]
    ?.status;

/** A confirmed subscriber, and the one-click URL of its emails' List-Unsubscribe header. */
async function confirmedSubscriber(email: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress: `192.0.2.${++ip}`,
    payload: { project: slug, email },
  });
  expect(res.statusCode).toBe(202);
  const mail = await inbox.next(email);
  await server.app.inject({
    method: 'POST',
    url: pathOf(linkIn(mail, 'https://changelog.test/api/subscribe/confirm?token=')),
  });
  expect(await statusOf(email)).toBe('confirmed');
  return pathOf(header(mail, 'List-Unsubscribe')!.slice(1, -1));
}

/** A multipart/form-data body as a client builds it (the platform's FormData). */
async function multipartOf(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request('https://example.test/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

describe('one-click unsubscribe', () => {
  it('posted as multipart/form-data unsubscribes, answered like the urlencoded form', async () => {
    const url = await confirmedSubscriber('multi@example.com');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const { body, type } = await multipartOf(form);
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'unsubscribed' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await statusOf('multi@example.com')).toBe('unsubscribed');

    const urlencoded = await confirmedSubscriber('form@example.com');
    const same = await postOneClickUnsubscribe(server.app, urlencoded);
    expect(same.statusCode).toBe(200);
    expect(same.body).toBe(res.body);
  });

  it('refuses a file, too many parts, a large or malformed body with a 4xx problem, unsubscribing no one', async () => {
    const url = await confirmedSubscriber('kept@example.com');
    const withFile = new FormData();
    withFile.set('List-Unsubscribe', 'One-Click');
    withFile.set('attachment', new Blob(['x'.repeat(100)], { type: 'text/plain' }), 'a.txt');
    const many = new FormData();
    for (let i = 0; i < 10; i++) many.set(`f${i}`, 'x');
    const large = new FormData();
    large.set('List-Unsubscribe', 'x'.repeat(10_000));
    const bodies = await Promise.all([withFile, many, large].map(multipartOf));
    bodies.push({
      body: Buffer.from('--abc\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Cl'),
      type: 'multipart/form-data; boundary=abc',
    });
    bodies.push({ body: Buffer.from('List-Unsubscribe=One-Click'), type: 'multipart/form-data' });
    for (const { body, type } of bodies) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload: body,
      });
      expect(res.statusCode, `${type} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${res.body}`).toBeLessThan(500);
      expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
    }
    expect(await statusOf('kept@example.com')).toBe('confirmed');
  });
});
