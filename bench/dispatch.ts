/**
 * Dispatch benchmarks, on the embedded database, each against a baseline measured in the same run:
 * - email fan-out: a publish to 10,000 confirmed subscribers until a local SMTP sink (smtp-server) has
 *   every message, against a bare pooled nodemailer loop sending the same count to the same sink
 *   (ratio = bare time / Shiplog time; goal ≥ 0.5 and ≤ 30 s);
 * - webhook fan-out: a publish in each of 5 projects with 20 webhook channels each (a project's most),
 *   100 channels on a loopback receiver, time until all are delivered;
 * - publish cost: the median time of `POST /api/v1/entries` (published) for a project with 20 channels
 *   (and, for the fan-out, 10,000 subscribers), against a project with neither (goal: under 5 ms more).
 */
import { createServer } from 'node:http';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { MAX_CHANNELS_PER_PROJECT } from '../server/services/deliveries/manage-channels.ts';
import { createProject } from '../server/services/accounts/manage-projects.ts';
import { openBenchApp } from './open-bench-app.ts';

const SUBSCRIBERS = 10_000;
const CHANNELS = 100;
const PER_PROJECT = MAX_CHANNELS_PER_PROJECT;

function smtpSink(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`,
        count: () => received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function dispatchBench(): Promise<Record<string, number>> {
  // Baseline: a bare pooled nodemailer loop to its own sink.
  const bareSink = await smtpSink();
  const transport = nodemailer.createTransport(`${bareSink.url}?pool=true`);
  let t = performance.now();
  for (let i = 0; i < SUBSCRIBERS; i++) {
    await transport.sendMail({
      from: 'a@example.com',
      to: `reader${i}@example.com`,
      subject: 'x',
      text: 'x',
      html: '<p>x</p>',
    });
  }
  const bareMs = performance.now() - t;
  transport.close();
  await bareSink.close();

  const sink = await smtpSink();
  let delivered = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered++;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookBase = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

  const { app, db, close } = await openBenchApp({
    label: 'dispatch',
    workers: true,
    env: {
      SMTP_URL: sink.url,
      SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true',
      SHIPLOG_API_RATE_LIMIT: '100000',
    },
  });
  try {
    const auth = (key: string) => ({ authorization: `Bearer ${key}` });
    const quiet = await createProject(db.sql, { name: 'Quiet', slug: 'quiet', plan: 'pro' });
    const busyProjects = [];
    for (let p = 0; p < CHANNELS / PER_PROJECT; p++) {
      const project = await createProject(db.sql, { name: `Busy ${p}`, slug: `busy-${p}`, plan: 'pro' });
      for (let i = 0; i < PER_PROJECT; i++) {
        await app.inject({
          method: 'POST',
          url: '/api/v1/channels',
          headers: auth(project.apiKey),
          payload: { type: 'webhook', url: `${hookBase}/hook${p}-${i}` },
        });
      }
      busyProjects.push(project);
    }
    const busy = busyProjects[0]!;

    // Publish cost: a published create on a project with 20 channels vs one with none (alternating);
    // the deliveries themselves run in jobs, after the response.
    const publishOnce = async (key: string, i: number) => {
      const start = performance.now();
      await app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers: auth(key),
        payload: { title: `T${i}`, body: 'x', publish: true },
      });
      return performance.now() - start;
    };
    for (let i = 0; i < 5; i++) await publishOnce(quiet.apiKey, i); // warm-up
    const quietTimes: number[] = [];
    const busyTimes: number[] = [];
    const ROUNDS = 11;
    for (let i = 0; i < ROUNDS; i++) {
      quietTimes.push(await publishOnce(quiet.apiKey, i));
      busyTimes.push(await publishOnce(busy.apiKey, i));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    await until(() => delivered >= ROUNDS * PER_PROJECT, 300_000);

    // Fan-out: a publish in each busy project (100 channels) and to 10,000 subscribers, timed from the
    // first request.
    await db.sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      select 'sub_bench_' || lpad(g::text, 6, '0'), ${busy.project.id}, 'reader' || g || '@example.com', 'confirmed', now()
      from generate_series(1, ${SUBSCRIBERS}) g`;
    delivered = 0;
    t = performance.now();
    for (const project of busyProjects) await publishOnce(project.apiKey, 999);
    let webhooksMs = 0;
    await until(() => {
      if (!webhooksMs && delivered >= CHANNELS) webhooksMs = performance.now() - t;
      return sink.count() >= SUBSCRIBERS && delivered >= CHANNELS;
    }, 300_000);
    const emailMs = performance.now() - t;
    return {
      subscribers: SUBSCRIBERS,
      bareEmailSeconds: Number((bareMs / 1000).toFixed(2)),
      shiplogEmailSeconds: Number((emailMs / 1000).toFixed(2)),
      emailRatio: Number((bareMs / emailMs).toFixed(3)),
      channels: CHANNELS,
      channelsPerProject: PER_PROJECT,
      webhookFanOutSeconds: Number((webhooksMs / 1000).toFixed(2)),
      publishMedianMsNoChannels: Number(median(quietTimes).toFixed(2)),
      publishMedianMs20Channels: Number(median(busyTimes).toFixed(2)),
      publishCostMs: Number((median(busyTimes) - median(quietTimes)).toFixed(2)),
    };
  } finally {
    await close();
    await sink.close();
    await new Promise((resolve) => receiver.close(resolve));
  }
}
