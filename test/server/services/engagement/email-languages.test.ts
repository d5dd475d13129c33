/**
 * Email in the subscriber's language (issue 39 item 4, docs/languages.md#email): `POST /api/subscribe`
 * takes an optional `locale` (BCP 47, `400` otherwise), kept on the subscriber; each release goes out
 * in their language when the entry has it (`de-AT` → `de`), else in the default locale. Driven like
 * a person through a real SMTP server: subscribe, follow the confirmation link, publish.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { header, type Inbox, linkIn, startInbox } from '../../../helpers/smtp-inbox.ts';

let server: TestServer;
let inbox: Inbox;
let slug: string;
let headers: Record<string, string>;

beforeAll(async () => {
  inbox = await startInbox();
  server = await buildTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Acme <updates@acme.test>' });
  const created = await server.project('pro');
  slug = created.project.slug;
  headers = created.headers;
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { locales: ['de', 'fr'] },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

let ip = 0;
const subscribe = (email: string, locale?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress: `10.9.0.${++ip}`,
    payload: { project: slug, email, ...(locale === undefined ? {} : { locale }) },
  });

/** Subscribe `email` in `locale` and confirm it by the link its confirmation email brings. */
async function subscribeAndConfirm(email: string, locale?: string): Promise<void> {
  const res = await subscribe(email, locale);
  expect(res.statusCode, res.body).toBe(202);
  const mail = await inbox.next(email);
  const confirm = linkIn(mail, 'https://changelog.test/api/subscribe/confirm?token=');
  const done = await server.app.inject({
    method: 'POST',
    url: confirm.replace('https://changelog.test', ''),
  });
  expect(done.statusCode, done.body).toBe(200);
}

it('refuses a locale that is not a BCP 47 tag, and stores one in canonical form', async () => {
  const bad = await subscribe('odd@example.com', 'de_AT');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors[0].pointer).toBe('/locale');
  expect((await subscribe('case@example.com', 'DE-at')).statusCode).toBe(202);
  const [row] = await server.db.sql<{ locale: string }[]>`
    select locale from subscribers where email = 'case@example.com'`;
  expect(row!.locale).toBe('de-AT');
});

it('emails each subscriber the release in their language when the entry has it, else the default', async () => {
  await subscribeAndConfirm('anna@example.com', 'de-AT');
  await subscribeAndConfirm('jean@example.com', 'fr');
  await subscribeAndConfirm('kim@example.com');
  await postEntry(server.app, headers, {
    title: 'Dark mode',
    body: 'Toggle it in **Settings**.',
    version: '2.0.0',
    publish: true,
    translations: {
      de: { title: 'Dunkelmodus', body: 'In den **Einstellungen** umschalten.' },
    },
  });
  const page = `https://changelog.test/changelog/${slug}/dark-mode`;

  const anna = await inbox.next('anna@example.com');
  expect(anna.subject).toBe(`Project ${slug} 2.0.0: Dunkelmodus`);
  expect(anna.html).toContain('<strong>Einstellungen</strong>');
  expect(anna.html).toMatch(/^<!doctype html><html lang="de">/);
  expect(anna.text).toContain(`${page}?locale=de`);
  expect(header(anna, 'Content-Language')).toBe('de');

  // French is one of the project's languages, but this entry has no French: the default locale's text.
  for (const address of ['jean@example.com', 'kim@example.com']) {
    const mail = await inbox.next(address);
    expect(mail.subject, address).toBe(`Project ${slug} 2.0.0: Dark mode`);
    expect(mail.html).toContain('<strong>Settings</strong>');
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(mail.text).toContain(`${page}\n`);
    expect(header(mail, 'Content-Language')).toBe('en');
  }
});
