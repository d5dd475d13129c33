/**
 * Dispatch benchmarks, on the embedded database, each against a baseline measured in the same run:
 * - email fan-out: a publish to 10,000 confirmed subscribers until a local SMTP sink (smtp-server) has
 *   every message, against a bare pooled nodemailer loop sending the same messages to the same sink
 *   (ratio = bare time / Shiplog time; goal ≥ 1). The loop's messages are made before its clock
 *   starts, by the function the batches use (services/engagement/entry-email.ts `entryMessages`), for
 *   the entry the fan-out published; their mean size is printed beside Shiplog's. The loop runs once
 *   the app is closed, alone in the process (no job polling beside it);
 * - webhook fan-out: a publish in each of 5 projects with 20 webhook channels each (a project's most),
 *   100 channels on a loopback receiver, time until all are delivered;
 * - publish cost: the median time of `POST /api/v1/entries` (published) for a project with 20 channels
 *   (and, for the fan-out, 10,000 subscribers), against a project with neither (goal: under 5 ms more).
 */
import { createServer } from 'node:http';
import type { Sql } from '../server/db/connect.ts';
import { findEntryById } from '../server/db/entries.ts';
import { findProjectById } from '../server/db/projects.ts';
import { MAX_CHANNELS_PER_PROJECT } from '../server/services/deliveries/manage-channels.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import type { ServiceContext } from '../server/services/context.ts';
import { entryMessages, type Recipient } from '../server/services/engagement/entry-email.ts';
import type { Mail } from '../server/services/mail/create-mailer.ts';
import { bareLoop, type Sink, smtpSink } from './email-baseline.ts';
import { type BenchApp, openBenchApp } from './open-bench-app.ts';

const SUBSCRIBERS = 10_000;
const CHANNELS = 100;
const PER_PROJECT = MAX_CHANNELS_PER_PROJECT;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Hooks = { url: string; delivered: { count: number }; close: () => Promise<void> };

/** A loopback webhook receiver that counts the deliveries it gets. */
async function hookReceiver(): Promise<Hooks> {
  const delivered = { count: 0 };
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered.count++;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}`,
    delivered,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

/** A published create of `T<i>`; @returns its time (ms). The deliveries run in jobs, after it. */
async function publishOnce(app: BenchApp['app'], key: string, i: number): Promise<number> {
  const start = performance.now();
  await app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers: auth(key),
    payload: { title: `T${i}`, body: 'x', publish: true },
  });
  return performance.now() - start;
}

/** The 5 busy projects, each with 20 webhook channels on `hooks`. @returns their API keys and ids. */
async function busyProjects({ app, db }: BenchApp, hooks: Hooks) {
  const projects = [];
  for (let p = 0; p < CHANNELS / PER_PROJECT; p++) {
    const { project, apiKey } = await createProject(db.sql, {
      name: `Busy ${p}`,
      slug: `busy-${p}`,
      plan: 'pro',
    });
    for (let i = 0; i < PER_PROJECT; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/v1/channels',
        headers: auth(apiKey),
        payload: { type: 'webhook', url: `${hooks.url}/hook${p}-${i}` },
      });
    }
    projects.push({ id: project.id, apiKey });
  }
  return projects;
}

/**
 * Publish cost: published creates on a project with 20 channels vs one with none (alternating).
 * @returns the median of each (ms).
 */
async function publishCost(app: BenchApp['app'], quietKey: string, busyKey: string, hooks: Hooks) {
  for (let i = 0; i < 5; i++) await publishOnce(app, quietKey, i); // warm-up
  const quietTimes: number[] = [];
  const busyTimes: number[] = [];
  const ROUNDS = 11;
  for (let i = 0; i < ROUNDS; i++) {
    quietTimes.push(await publishOnce(app, quietKey, i));
    busyTimes.push(await publishOnce(app, busyKey, i));
  }
  await until(() => hooks.delivered.count >= ROUNDS * PER_PROJECT, 300_000);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { quiet: median(quietTimes), busy: median(busyTimes) };
}

/** The messages of the project's entry `title` to each of its subscribers, as its batches make them. */
async function entryMails(ctx: ServiceContext, sql: Sql, projectId: string, title: string): Promise<Mail[]> {
  const [entry] = await sql<{ id: string }[]>`
    select id from entries where project_id = ${projectId} and title = ${title}`;
  const messageTo = entryMessages(
    ctx,
    (await findProjectById(sql, projectId))!,
    (await findEntryById(sql, entry!.id))!,
  );
  const recipients = await sql<Recipient[]>`
    select id, email, locale from subscribers where project_id = ${projectId} order by id`;
  const mails: Mail[] = [];
  for (const recipient of recipients) mails.push(await messageTo(recipient));
  return mails;
}

/**
 * Shiplog's part, on an app of its own (closed before the answer): the publish cost, then a publish in
 * each busy project (100 channels), the first one's to 10,000 subscribers, timed from the first request
 * until `sink` has the emails and `hooks` the deliveries. @returns its figures, the fan-out's time
 * (ms), and the baseline's messages: that entry's to each subscriber, made once the fan-out is over.
 */
async function shiplogRun(sink: Sink, hooks: Hooks) {
  const bench = await openBenchApp({
    label: 'dispatch',
    workers: true,
    env: { SMTP_URL: sink.url, SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true', SHIPLOG_API_RATE_LIMIT: '100000' },
  });
  const { app, db } = bench;
  try {
    const quiet = await createProject(db.sql, { name: 'Quiet', slug: 'quiet', plan: 'pro' });
    const busy = await busyProjects(bench, hooks);
    const cost = await publishCost(app, quiet.apiKey, busy[0]!.apiKey, hooks);
    await db.sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      select 'sub_bench_' || lpad(g::text, 6, '0'), ${busy[0]!.id}, 'reader' || g || '@example.com', 'confirmed', now()
      from generate_series(1, ${SUBSCRIBERS}) g`;
    hooks.delivered.count = 0;
    const [sent, bytes] = [sink.count(), sink.bytes()];
    const t = performance.now();
    for (const project of busy) await publishOnce(app, project.apiKey, 999);
    let webhooksMs = 0;
    await until(() => {
      if (!webhooksMs && hooks.delivered.count >= CHANNELS) webhooksMs = performance.now() - t;
      return sink.count() >= sent + SUBSCRIBERS && hooks.delivered.count >= CHANNELS;
    }, 300_000);
    const emailMs = performance.now() - t;
    const figures = {
      subscribers: SUBSCRIBERS,
      shiplogEmailSeconds: Number((emailMs / 1000).toFixed(2)),
      shiplogEmailBytes: Math.round((sink.bytes() - bytes) / SUBSCRIBERS),
      channels: CHANNELS,
      channelsPerProject: PER_PROJECT,
      webhookFanOutSeconds: Number((webhooksMs / 1000).toFixed(2)),
      publishMedianMsNoChannels: Number(cost.quiet.toFixed(2)),
      publishMedianMs20Channels: Number(cost.busy.toFixed(2)),
      publishCostMs: Number((cost.busy - cost.quiet).toFixed(2)),
    };
    const mails = await entryMails(app.shiplog, db.sql, busy[0]!.id, 'T999');
    return { figures, emailMs, from: app.shiplog.config.mailFrom, mails };
  } finally {
    await bench.close();
  }
}

export async function dispatchBench(): Promise<Record<string, number>> {
  const sink = await smtpSink();
  const hooks = await hookReceiver();
  try {
    const shiplog = await shiplogRun(sink, hooks);
    // The baseline runs once the app is closed: alone in the process, with no job polling beside it.
    const bare = await bareLoop(sink, shiplog.from, shiplog.mails);
    return {
      ...shiplog.figures,
      bareEmailSeconds: Number((bare.ms / 1000).toFixed(2)),
      bareEmailBytes: Math.round(bare.bytes),
      emailRatio: Number((bare.ms / shiplog.emailMs).toFixed(3)),
    };
  } finally {
    await sink.close();
    await hooks.close();
  }
}
