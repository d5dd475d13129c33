/**
 * A subscribe request does the same work whatever the address's state (docs/api.md#public-engagement-no-key-cors-): it records the request and enqueues one job, and nothing else; the job decides
 * whether an email is due. Timing-insensitive: it counts work instead of measuring it. With the
 * workers stopped, no request sends anything; once they run, only addresses that are not confirmed
 * get a confirmation email.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorkers } from '../../../../server/jobs/start-workers.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { insertSubscribers } from '../../../helpers/subscribers.ts';
import { type Inbox, startInbox } from '../../../helpers/smtp-inbox.ts';

let server: TestServer;
let inbox: Inbox;
beforeAll(async () => {
  inbox = await startInbox();
  server = await buildTestServer({ SMTP_URL: inbox.url }, { workers: false });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

const jobs = async () =>
  (
    await server.db.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = 'subscription-requested'`
  )[0]!.n;

it('enqueues exactly one job per request in every state, sends nothing itself, and lets the job decide', async () => {
  const { project } = await server.project('pro');
  await insertSubscribers(server.db.sql, project.id, [
    ['sub_pending', 'pending@example.com', 'pending'],
    ['sub_confirmed', 'confirmed@example.com', 'confirmed'],
    ['sub_unsubscribed', 'gone@example.com', 'unsubscribed'],
  ]);
  const addresses = ['new@example.com', 'pending@example.com', 'confirmed@example.com', 'gone@example.com'];
  for (const [i, email] of addresses.entries()) {
    const before = await jobs();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      remoteAddress: `10.9.0.${i + 1}`,
      payload: { project: project.slug, email },
    });
    expect(res.statusCode).toBe(202);
    expect(await jobs(), email).toBe(before + 1);
  }
  expect(inbox.messages).toHaveLength(0);

  await startWorkers(server.app.shiplog, server.app.log);
  for (const email of ['new@example.com', 'pending@example.com', 'gone@example.com']) await inbox.next(email);
  // Jobs run in order: once a later request's email is here, the confirmed address's job is done.
  await server.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress: '10.9.0.9',
    payload: { project: project.slug, email: 'sentinel@example.com' },
  });
  await inbox.next('sentinel@example.com');
  expect(
    inbox.messages.filter((m) => m.to?.some((a) => 'address' in a && a.address === 'confirmed@example.com')),
  ).toEqual([]);
});
