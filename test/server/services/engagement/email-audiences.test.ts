/**
 * Email and audiences (issue 33 items 3-4; docs/api.md#readers-and-audiences-segments-summary-announcements): subscribers are
 * anonymous readers, so an entry with segments, or any entry of an `identified` project, is emailed
 * to no one; an entry with a summary is emailed as its summary with a link to the whole entry.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { jobsSettled } from '../../../helpers/jobs-settled.ts';
import { type Inbox, startInbox } from '../../../helpers/smtp-inbox.ts';

let server: TestServer;
let inbox: Inbox;
beforeAll(async () => {
  inbox = await startInbox();
  server = await buildTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Acme <updates@acme.test>' });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

/** Wait (bounded) until no dispatch job is left to run. */
const dispatchSettled = () => jobsSettled(server.db.sql, ['entry-published', 'email-batch'], 10_000);

async function subscribed(email: string) {
  const made = await server.project('pro');
  await server.db.sql`
    insert into subscribers (id, project_id, email, status, requested_at)
    values (${`sub_${Math.random().toString(36).slice(2, 10)}`}, ${made.project.id}, ${email}, 'confirmed', now())`;
  return made;
}

const to = (address: string) =>
  inbox.messages.filter((m) => m.to?.some((a) => 'address' in a && a.address === address));

it('emails no subscriber an entry with segments; the next entry for everyone arrives alone', async () => {
  const { headers } = await subscribed('ann@example.com');
  await createEntry(server.app, headers, { title: 'Beta only', segments: ['beta'], publish: true });
  await dispatchSettled();
  await createEntry(server.app, headers, { title: 'For everyone', publish: true });
  const mail = await inbox.next('ann@example.com');
  await dispatchSettled();
  expect(mail.subject).toContain('For everyone');
  expect(to('ann@example.com').map((m) => m.subject)).toEqual([mail.subject]);
});

it('emails no subscriber of an identified project', async () => {
  const { project, headers } = await subscribed('bob@example.com');
  await server.db.sql`update projects set access = 'identified' where id = ${project.id}`;
  await createEntry(server.app, headers, { title: 'Private release', publish: true });
  await dispatchSettled();
  expect(to('bob@example.com')).toHaveLength(0);
});

it('shows the summary with a link to the whole entry, not the body', async () => {
  const { project, headers } = await subscribed('cy@example.com');
  await createEntry(server.app, headers, {
    title: 'Faster exports',
    body: 'The **technical** details: streaming CSV writer.',
    summary: 'Exports <now> take seconds.',
    publish: true,
  });
  const mail = await inbox.next('cy@example.com');
  const page = `https://changelog.test/changelog/${project.slug}/faster-exports`;
  expect(mail.html).toContain('Exports &lt;now&gt; take seconds.');
  expect(mail.html).toContain(`<a href="${page}">Read the whole entry</a>`);
  expect(mail.html).not.toContain('streaming CSV writer');
  expect(mail.text).toContain('Exports <now> take seconds.');
  expect(mail.text).toContain(`Read the whole entry: ${page}`);
  expect(mail.text).not.toContain('streaming CSV writer');
});
