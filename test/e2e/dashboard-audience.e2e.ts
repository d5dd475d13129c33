/// <reference lib="dom" />
/**
 * The dashboard's audience and insight pages in Chromium (issue 21, docs/api.md#subscribers-and-analytics-key-authenticated):
 * Analytics draws its charts (uPlot canvases) and its tables hold the same numbers as the events;
 * Subscribers counts, searches, exports CSV (formulas defused) and removes; Channels adds a signed
 * webhook (secret shown once), sends a test that a loopback receiver verifies (Standard Webhooks) and
 * logs, and disables it; GitHub links and unlinks an installed repository; the Audit log shows those
 * changes. Each page: axe-core clean in light and dark,
 * at 1280 and 375 px, no CSP violation or console error. Screenshots into test-results/ and two into
 * docs/screenshots/ for the README.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInstallationRepositories, upsertInstallation } from '../../server/db/github-installations.ts';
import type { ProjectRow } from '../../server/db/projects.ts';
import { type SignedInUser, signedInUser } from '../helpers/dashboard.ts';
import { type Look, screenshot } from '../helpers/dashboard-browser.ts';
import { LOOKS, pageProblems, useDashboardInChromium } from '../helpers/dashboard-chromium.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { insertSubscribers } from '../helpers/subscribers.ts';

const DOCS = new URL('../../docs/screenshots/', import.meta.url);
const DAY = 86_400_000;

const dashboard = useDashboardInChromium({ env: { SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' } });
const { live } = dashboard;
let receiver: Receiver;
let project: ProjectRow;
let owner: SignedInUser;

beforeAll(async () => {
  receiver = await startReceiver();
  project = (await live.server.project('free')).project;
  owner = await signedInUser(live.server, [{ projectId: project.id, role: 'owner' }]);
  const headers = { ...owner.headers, 'shiplog-project': project.slug };
  const ids: string[] = [];
  for (const title of ['Dark mode', 'Faster search']) {
    const res = await live.server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title, body: 'Now shipping.', publish: true },
    });
    ids.push(res.json().entry.id);
  }
  // Hand-placed events: today 5 views and 2 clicks of "Dark mode", 1 view of "Faster search"; yesterday 3 views.
  const today = new Date(Math.floor(Date.now() / DAY) * DAY + 60_000);
  const yesterday = new Date(today.getTime() - DAY);
  const event = (entryId: string, type: string, at: Date) =>
    live.server.db.sql`insert into analytics_events (project_id, entry_id, type, anonymous_id, occurred_at)
      values (${project.id}, ${entryId}, ${type}, 'reader-1', ${at})`;
  for (let i = 0; i < 5; i++) await event(ids[0]!, 'view', today);
  for (let i = 0; i < 2; i++) await event(ids[0]!, 'click', today);
  await event(ids[1]!, 'view', today);
  for (let i = 0; i < 3; i++) await event(ids[0]!, 'view', yesterday);
  await insertSubscribers(live.server.db.sql, project.id, [
    ['sub_e2e_1', 'reader1@example.com'],
    ['sub_e2e_2', 'reader2@example.com'],
    ['sub_e2e_3', '=cmd@example.com'],
    ['sub_e2e_4', 'late@example.com', 'pending'],
  ]);
});
afterAll(async () => {
  await receiver?.close();
});

const open = (path: string, look: Look = {}) =>
  dashboard.openAs(owner, `/app/p/${project.slug}${path}`, look);
const cells = (page: Page, rowName: string) =>
  page
    .getByRole('row', { name: new RegExp(rowName) })
    .getByRole('cell')
    .allTextContents();

describe('audience and insight pages', () => {
  it('Analytics draws its charts, and their tables hold the hand-placed events', async () => {
    const { page } = await open('/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    const canvases = page.locator('.chart-canvas canvas');
    await expect.poll(() => canvases.count()).toBe(2);
    expect(await canvases.first().evaluate((c) => (c as HTMLCanvasElement).width)).toBeGreaterThan(200);
    await page.getByText('Table: views, clicks and reactions per day').click();
    const table = page.getByRole('table', { name: 'Views, clicks and reactions per day' });
    expect(await table.getByRole('row').count()).toBe(31); // the header and 30 days
    const day = (offset: number) => new Date(Date.now() - offset * DAY).toISOString().slice(0, 10);
    const row = (date: string) => table.getByRole('row', { name: new RegExp(`^${date}`) }).getByRole('cell');
    expect(await row(day(0)).allTextContents()).toEqual(['6', '2', '0']);
    expect(await row(day(1)).allTextContents()).toEqual(['3', '0', '0']);
    expect(await row(day(2)).allTextContents()).toEqual(['0', '0', '0']);
    expect(await cells(page, 'Dark mode')).toEqual(['8', '2', '25.0 %', '–']);
    await page.getByLabel('Period').selectOption('7');
    await expect.poll(() => table.getByRole('row').count()).toBe(8);
    await screenshot(page, 'dashboard-analytics', new URL('analytics.png', DOCS));
  });

  it('Subscribers counts, searches, exports CSV with formulas defused, and removes', async () => {
    const { page, nextDialog } = await open('/subscribers');
    await page.getByRole('heading', { level: 1, name: 'Subscribers' }).waitFor();
    const count = (label: string) =>
      page.locator('.counts div', { hasText: label }).locator('dd').textContent();
    await expect.poll(() => count('Confirmed')).toBe('3');
    expect(await count('Pending')).toBe('1');
    expect(await count('Total')).toBe('4');
    await page.getByRole('cell', { name: 'late@example.com', exact: true }).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('email,status,createdAt,confirmedAt,unsubscribedAt');
    expect(csv).toContain("'=cmd@example.com");
    expect(csv).toContain('reader2@example.com');

    await page.getByLabel('Search by address').fill('reader2');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const asked = nextDialog(true);
    await page.getByRole('button', { name: 'Remove reader2@example.com' }).click();
    await asked;
    await page.getByText('No subscribers here.').waitFor();
    await expect.poll(() => count('Total')).toBe('3');
    await screenshot(page, 'dashboard-subscribers');
  });

  it('Channels adds a signed webhook, sends a verified test, logs it, and disables the channel', async () => {
    const { page } = await open('/channels');
    await page.getByLabel('Type').selectOption('webhook');
    await page.getByLabel('Channel name').fill('Release bot');
    await page.getByLabel('URL', { exact: true }).fill(`${receiver.base}/hook`);
    await page.getByRole('button', { name: 'Add channel' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Send test to Release bot' }).click();
    const [ping] = await receiver.receivedAt('/hook', 1, 20_000);
    const verified = new Webhook(secret).verify(ping!.body, ping!.headers as Record<string, string>) as {
      type: string;
    };
    expect(verified.type).toBe('ping');
    const log = page.getByRole('region', { name: 'Deliveries to Release bot' });
    await expect
      .poll(async () => (await log.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(0, 3), {
        timeout: 20_000,
      })
      .toEqual(['Test (ping)', 'delivered', '1']);
    await screenshot(page, 'dashboard-channels', new URL('channels.png', DOCS));
    await page.getByRole('button', { name: 'Disable Release bot' }).click();
    await page.getByText(/Disabled \(/).waitFor();
    await page.getByRole('button', { name: 'Enable Release bot' }).waitFor();
  });

  it('GitHub lists the repositories of the App and links and unlinks one', async () => {
    await live.server.db.sql`update projects set plan = 'pro' where id = ${project.id}`;
    await upsertInstallation(live.server.db.sql, {
      id: 42,
      account: 'octo-org',
      accountType: 'Organization',
      suspended: false,
    });
    await addInstallationRepositories(live.server.db.sql, 42, [
      { repository: 'octo-org/hello-world', private: false },
      { repository: 'octo-org/secret-sauce', private: true },
    ]);
    const { page } = await open('/github');
    const item = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await item('octo-org/hello-world').getByText('Not linked').waitFor();
    expect(await item('octo-org/secret-sauce').textContent()).toContain('(private)');
    await page.getByRole('button', { name: 'Link octo-org/hello-world' }).click();
    await item('octo-org/hello-world').getByText('Linked to this project').waitFor();
    const [link] = await live.server.db.sql<{ projectId: string }[]>`
      select project_id from github_links where repository = 'octo-org/hello-world'`;
    expect(link!.projectId).toBe(project.id);
    await screenshot(page, 'dashboard-github');
    await page.getByRole('button', { name: 'Unlink octo-org/hello-world' }).click();
    await item('octo-org/hello-world').getByText('Not linked').waitFor();
  });

  it('the Audit log shows who changed what', async () => {
    const { page } = await open('/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    for (const action of [
      'channel.created',
      'channel.tested',
      'subscriber.removed',
      'entry.created',
      'github.linked',
    ]) {
      await page.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    expect(await page.getByRole('cell', { name: owner.email }).count()).toBeGreaterThan(0);
  });

  it('each page: axe-core clean in light and dark, at 1280 and 375 px, nothing overflows', async () => {
    const problems: string[] = [];
    for (const look of LOOKS) {
      for (const [path, heading] of [
        ['/analytics', 'Analytics'],
        ['/subscribers', 'Subscribers'],
        ['/channels', 'Channels'],
        ['/github', 'GitHub'],
        ['/audit', 'Audit log'],
      ] as const) {
        const { page } = await open(path, look);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        problems.push(...(await pageProblems(page, `${heading} ${look.colorScheme} ${look.width}px`)));
        await screenshot(page, `dashboard-${path.slice(1)}-${look.colorScheme}-${look.width}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
