/// <reference lib="dom" />
/**
 * Identified readers in the widget (issue 33), in Debian's Chromium on a host page of another origin
 * with a strict CSP, against a live server: the host page passes a reader token (signed here with jose,
 * as the host app's server would, with a reader secret made through the API) as `data-reader-token`;
 * the widget sends it as `X-Shiplog-Reader` on every call; the reader's unread badge and dismissed
 * announcement follow them from one browser (device) to another, where localStorage knows nothing. A
 * project whose access is `identified` shows nothing to a page without a valid token, breaks nothing on
 * it and says why once in the console.
 */
import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReaderSecret, signReaderToken } from '../helpers/reader-tokens.ts';
import { type HostSite, useWidgetWorld, watch, type Watched } from '../helpers/widget-host.ts';

const { server, headers, site, owner, publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;
let secret: string;
const others: { context: BrowserContext; watched: Watched }[] = [];

beforeAll(async () => {
  secret = await createReaderSecret(server, headers);
  await publish('Faster exports', 'Exports take half the time.');
  await publish('Calendar sync', 'Events sync every minute.');
  await publish('Themes', 'Pick a colour.');
  await publish('Dark mode is here', 'Toggle it in Settings.', { announce: true });
  host = await hostSite();
});
afterEach(async () => {
  for (const { context, watched } of others.splice(0)) {
    await context.close();
    expect(watched).toEqual({ violations: [], errors: [], dialogs: [] });
  }
});

/** A second device: a browser context of its own (no storage shared), watched like the first. */
async function secondDevice(): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  others.push({ context, watched: await watch(page) });
  return page;
}

const launcher = (page: Page) => page.locator('shiplog-widget [part="launcher"]');
/** The unread count the badge shows (0 when it is hidden). */
async function unread(page: Page): Promise<number> {
  await launcher(page).waitFor();
  const badge = page.locator('shiplog-widget [part="badge"]');
  return (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
}
const seenPosted = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/seen') && r.request().method() === 'POST');

describe('an identified reader in the widget', () => {
  it('sends the token on every call, and the badge and the announcement agree on two devices', async () => {
    const token = await signReaderToken(secret, { sub: 'reader-42', name: 'Ada' });
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(site.shiplog) && r.method() !== 'OPTIONS' && r.url().includes('/api/'))
        calls.push(r);
    });
    await page.goto(`${host.url}/?reader-token=${token}`);

    // A new reader: the announcement opens, and the latest three are unread.
    const dialog = page.getByRole('dialog', { name: 'Dark mode is here' });
    await dialog.waitFor();
    const dismissed = seenPosted(page);
    await page.keyboard.press('Escape');
    await dismissed;
    expect(await unread(page)).toBe(3);
    const opened = seenPosted(page);
    await launcher(page).click();
    await opened;
    await page.locator('shiplog-widget [part="reaction"]').first().click();
    await expect.poll(() => calls.some((r) => r.url().endsWith('/api/reactions'))).toBe(true);
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual([
      `/api/widget/${owner.project.slug}`,
      `/api/widget/${owner.project.slug}/seen`,
      `/api/widget/${owner.project.slug}/seen`,
      '/api/reactions',
    ]);
    for (const call of calls) expect(call.headers()['x-shiplog-reader']).toBe(token);

    // The same reader on another device: nothing unread, no announcement, their reaction pressed.
    const other = await secondDevice();
    await other.goto(`${host.url}/?reader-token=${token}`);
    expect(await unread(other)).toBe(0);
    expect(await other.locator('shiplog-widget dialog').count()).toBe(0);
    await launcher(other).click();
    expect(await other.locator('shiplog-widget [part="reaction"]').first().getAttribute('aria-pressed')).toBe(
      'true',
    );

    // A new entry is unread on both.
    await publish('Webhooks v2', 'Signed payloads.');
    await other.reload();
    await page.reload();
    expect([await unread(page), await unread(other)]).toEqual([1, 1]);

    // Another reader on the first device has their own state, not the browser's.
    const stranger = await signReaderToken(secret, { sub: 'reader-7' });
    await page.goto(`${host.url}/?reader-token=${stranger}&announce=off`);
    expect(await unread(page)).toBe(3);
  });
});

describe('an identified project', () => {
  it('shows nothing to a page without a valid token, breaks nothing and warns once', async () => {
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/project',
      headers,
      payload: { access: 'identified' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expired = await signReaderToken(secret, { sub: 'reader-42' }, -60);
    for (const query of ['', `?reader-token=${expired}`]) {
      const { page, watched } = await openPage({}, { clean: false });
      const warnings: ConsoleMessage[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m);
      });
      const refused = page.waitForResponse((r) => r.url().includes('/api/widget/'));
      await page.goto(`${host.url}/${query}`);
      expect((await refused).status()).toBe(401);
      await expect.poll(() => warnings.length).toBe(1);
      expect(warnings[0]!.text()).toMatch(/^Shiplog: the changelog refused this reader \(401/);
      expect(await page.locator('shiplog-widget').evaluate((w) => w.shadowRoot?.childElementCount)).toBe(0);
      // The host page itself is untouched: no CSP violation, no script error, no dialog; only the
      // browser's own line about the refused request.
      expect(watched.violations).toEqual([]);
      expect(watched.dialogs).toEqual([]);
      expect(watched.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    }

    const { page } = await openPage();
    const token = await signReaderToken(secret, { sub: 'reader-99' });
    await page.goto(`${host.url}/?reader-token=${token}&announce=off`);
    expect(await unread(page)).toBe(3);
    // It emails no one: its readers get no subscribe form that could only fail.
    await launcher(page).click();
    await page.locator('shiplog-widget [part="entry"]').first().waitFor();
    expect(await page.locator('shiplog-widget [part="subscribe"]').count()).toBe(0);
  });
});
