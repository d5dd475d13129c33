/// <reference lib="dom" />
/**
 * The dashboard (issue 20, bench):
 * - its first page's bundle gzipped: every script and stylesheet dashboard/dist/index.html loads (the
 *   app is one chunk, so that is all of it), against the issue's 150 KB budget;
 * - in Debian's Chromium on loopback, signed in, the time from navigation to the entry list being
 *   interactive (the first entry's link rendered by React, so its handlers are attached; median of 10
 *   fresh page loads), against a bare static page from the same server listing the same 20 titles as
 *   links (so the difference is the app's script, its session and project calls, and the list call).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { insertMembership } from '../server/db/memberships.ts';
import { insertUser } from '../server/db/users.ts';
import { hashPassword } from '../server/services/accounts/hash-password.ts';
import { newId } from '../server/db/new-id.ts';
import { openWidgetApp } from './open-widget-app.ts';

const RUNS = 10;
const BUDGET = 150 * 1024;
const DIST = new URL('../dashboard/dist/', import.meta.url);
const PASSWORD = 'a bench password, long enough';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function firstPageGzipped(): Promise<number> {
  const html = await readFile(new URL('index.html', DIST), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  let total = gzipSync(html, { level: 9 }).length;
  for (const file of files) total += gzipSync(await readFile(new URL(file, DIST)), { level: 9 }).length;
  return total;
}

/** Milliseconds from navigation start to the first `selector` in the page. */
async function timeTo(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(async (selector) => {
    while (!document.querySelector(selector)) await new Promise((r) => requestAnimationFrame(r));
    return performance.now();
  }, selector);
}

export async function dashboardLoadBench(): Promise<Record<string, number>> {
  const bundleGz = await firstPageGzipped();
  const { app, db, close } = await openWidgetApp();
  const user = await insertUser(db.sql, {
    id: newId('usr'),
    email: 'bench@example.com',
    passwordHash: await hashPassword(PASSWORD),
  });
  const [project] = await db.sql<{ id: string }[]>`select id from projects where slug = 'bench'`;
  await insertMembership(db.sql, { projectId: project!.id, userId: user.id, role: 'owner' });
  const titles = await db.sql<{ title: string; id: string }[]>`
    select title, id from entries where project_id = ${project!.id} order by sort_at desc limit 20`;
  const bare = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Entries</title></head><body>
<main><h1>Entries</h1><ul>${titles.map((t) => `<li><a class="entry-title" href="/app/p/bench/entries/${t.id}">${t.title.replace(/</g, '&lt;')}</a></li>`).join('')}</ul></main></body></html>`;
  app.get('/bench-baseline.html', async (_request, reply) => reply.type('text/html').send(bare));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/dashboard/sign-in',
    headers: { origin: app.shiplog.config.publicUrl },
    payload: { email: 'bench@example.com', password: PASSWORD },
  });
  const cookie = /shiplog_session=([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const appTimes: number[] = [];
  const bareTimes: number[] = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      // A fresh context each time: nothing cached, as for a first visit. The first pair warms up.
      for (const [path, times] of [
        ['/app/p/bench?status=published', appTimes],
        ['/bench-baseline.html', bareTimes],
      ] as const) {
        const context = await browser.newContext();
        await context.addCookies([{ name: 'shiplog_session', value: cookie, url: base }]);
        const page = await context.newPage();
        const ms = await timeTo(page, `${base}${path}`, 'a.entry-title');
        if (i > 0) times.push(ms);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await close();
  }
  const appMs = median(appTimes);
  const bareMs = median(bareTimes);
  return {
    'first page bundle (bytes gzipped)': bundleGz,
    'bundle / 150 KB budget': Number((bundleGz / BUDGET).toFixed(3)),
    'navigation to interactive entry list, median ms': Number(appMs.toFixed(1)),
    'bare static list page, median ms': Number(bareMs.toFixed(1)),
    'dashboard / bare page': Number((appMs / bareMs).toFixed(2)),
  };
}
