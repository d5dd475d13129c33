/**
 * Publishing emails the entry to every confirmed subscriber (docs/api.md#entries),
 * through the job queue to a real SMTP server: external entries only, never to pending or
 * unsubscribed addresses, once per publish, with a stable Message-ID and the RFC 8058 headers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { jobsSettled } from '../../../helpers/jobs-settled.ts';
import { header, type Inbox, startInbox } from '../../../helpers/smtp-inbox.ts';
import { insertSubscribers } from '../../../helpers/subscribers.ts';

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

const to = (address: string) =>
  inbox.messages.filter((m) => m.to?.some((a) => 'address' in a && a.address === address));

it('emails an external release to every confirmed subscriber, once, and nobody else', async () => {
  const { project, headers } = await server.project('pro');
  const people = [
    ['sub_a1', 'ann@example.com', 'confirmed'],
    ['sub_a2', 'bob@example.com', 'confirmed'],
    ['sub_a3', 'cy@example.com', 'confirmed'],
    ['sub_a4', 'pending@example.com', 'pending'],
    ['sub_a5', 'gone@example.com', 'unsubscribed'],
  ] as const;
  for (const [id, email, status] of people) {
    await server.db.sql`
      insert into subscribers (id, project_id, email, status, requested_at) values (${id}, ${project.id}, ${email}, ${status}, now())`;
  }

  await createEntry(server.app, headers, {
    title: 'Only for the team',
    visibility: 'internal',
    publish: true,
  });
  const draftId = await createEntry(server.app, headers, {
    title: 'Dark mode',
    body: 'Toggle it in **Settings**.',
    version: '1.4.0',
  });
  await dispatchSettled();
  expect(inbox.messages).toHaveLength(0); // internal entries and drafts email no one

  await server.app.inject({ method: 'POST', url: `/api/v1/entries/${draftId}/publish`, headers });
  const mails = await Promise.all(
    ['ann@example.com', 'bob@example.com', 'cy@example.com'].map((a) => inbox.next(a)),
  );
  for (const [i, mail] of mails.entries()) {
    expect(mail.subject).toBe(`${project.name} 1.4.0: Dark mode`);
    expect(mail.html).toContain('<strong>Settings</strong>');
    expect(mail.text).toContain(`https://changelog.test/changelog/${project.slug}/dark-mode`);
    expect(mail.messageId).toBe(`<${draftId}.${people[i]![0]}@changelog.test>`);
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/changelog\.test\/api\/unsubscribe\?token=.+>$/,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The HTML part, rendered once for all of them, carries each subscriber's own link.
    const unsubscribe = header(mail, 'List-Unsubscribe')!.slice(1, -1);
    expect(mail.html).toContain(`<a href="${unsubscribe}">Unsubscribe</a>`);
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}\n`);
  }
  expect(new Set(mails.map((m) => header(m, 'List-Unsubscribe'))).size).toBe(3);

  // Publishing again is a no-op: no second email.
  await server.app.inject({ method: 'POST', url: `/api/v1/entries/${draftId}/publish`, headers });
  await dispatchSettled();
  for (const [, email, status] of people)
    expect(to(email), email).toHaveLength(status === 'confirmed' ? 1 : 0);
});

it('sends a batch job queued by the previous version ({entryId, subscriberIds}), once', async () => {
  const { project, headers } = await server.project('pro');
  // Published while nobody was subscribed yet: its own dispatch emails no one.
  const id = await createEntry(server.app, headers, { title: 'From before', publish: true });
  await dispatchSettled();
  await server.db.sql`
    insert into subscribers (id, project_id, email, status, requested_at)
    values ('sub_legacy1', ${project.id}, 'legacy1@example.com', 'confirmed', now()),
           ('sub_legacy2', ${project.id}, 'legacy2@example.com', 'confirmed', now())`;
  await server.app.shiplog.jobs.send(server.db.sql, 'email-batch', {
    entryId: id,
    subscriberIds: ['sub_legacy1', 'sub_legacy2'],
  });
  await Promise.all(['legacy1@example.com', 'legacy2@example.com'].map((a) => inbox.next(a)));
  await dispatchSettled();
  expect(to('legacy1@example.com')).toHaveLength(1);
  expect(to('legacy2@example.com')).toHaveLength(1);
});

it("keeps an entry's list bullets and links in the email's text part", async () => {
  const { project, headers } = await server.project('pro');
  await server.db.sql`
    insert into subscribers (id, project_id, email, status, requested_at)
    values ('sub_text1', ${project.id}, 'text@example.com', 'confirmed', now())`;
  await createEntry(server.app, headers, {
    title: 'Plain text',
    body: 'What changed:\n\n- Faster search\n- Dark mode\n\nRead [the docs](https://docs.example.com/search).',
    publish: true,
  });
  await dispatchSettled();
  const [message] = to('text@example.com');
  expect(message?.text).toContain('- Faster search\n- Dark mode');
  expect(message?.text).toContain('Read the docs [https://docs.example.com/search].');
});

it(
  'makes its batch and its job once when the publish job runs again (a retry)',
  { timeout: 120_000 },
  async () => {
    const { project, headers } = await server.project('pro');
    await insertSubscribers(server.db.sql, project.id, [
      ['sub_again1', 'again1@example.com'],
      ['sub_again2', 'again2@example.com'],
    ]);
    const id = await createEntry(server.app, headers, { title: 'Sent once', publish: true });
    await jobsSettled(server.db.sql, ['entry-published', 'email-batch'], 45_000);
    const [publishJob] = await server.db.sql<{ id: string }[]>`
      select id from pgboss.job where name = 'entry-published' and data->>'entryId' = ${id}`;
    const batchesAndJobs = async () => {
      const batches = await server.db.sql<{ id: string; dispatchId: string }[]>`
        select id, dispatch_id from email_batches where entry_id = ${id}`;
      const jobs = await server.db.sql<{ batchId: string }[]>`
        select data->>'batchId' as batch_id from pgboss.job
        where name = 'email-batch' and data->>'batchId' = any(${batches.map((b) => b.id)})`;
      return { batches, jobs: jobs.map((j) => j.batchId) };
    };
    const first = await batchesAndJobs();
    expect(first.batches).toEqual([{ id: expect.any(String), dispatchId: publishJob!.id }]);
    expect(first.jobs).toEqual([first.batches[0]!.id]);

    // pg-boss runs a job again, under the same id, when its worker died before marking it done.
    await server.db.sql`
      update pgboss.job set state = 'retry', start_after = now(), completed_on = null where id = ${publishJob!.id}`;
    await jobsSettled(server.db.sql, ['entry-published', 'email-batch'], 45_000);
    const [rerun] = await server.db.sql<{ state: string }[]>`
      select state from pgboss.job where id = ${publishJob!.id}`;
    expect(rerun!.state).toBe('completed');
    expect(await batchesAndJobs()).toEqual(first);
    expect(to('again1@example.com')).toHaveLength(1);
    expect(to('again2@example.com')).toHaveLength(1);
  },
);
