/// <reference lib="dom" />
/**
 * Views per entry (issue 30 item 10): the widget sends a `view` naming each entry the reader saw in
 * the open panel, once per entry per page load, batched and sent when the page is left; an entry never
 * scrolled to is not counted; GET /api/v1/analytics/entries then reports those views. Debian's
 * Chromium on a host page with a strict CSP; the project is this file's own, so its figures are exact.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type HostSite, useWidgetWorld } from '../helpers/widget-host.ts';

const { server, headers, publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;
/** Entry ids, oldest first as published; the panel lists them newest first. */
const ids: string[] = [];
const oldest = () => ids[0]!;
const exported = () => ids[1]!;
const newest = () => ids[3]!;
const paragraphs = (topic: string) =>
  Array.from({ length: 3 }, (_, i) => `${topic}, part ${i + 1}: what changed and how to use it.`).join(
    '\n\n',
  );

beforeAll(async () => {
  ids.push((await publish('Faster search', paragraphs('Search'))).id);
  ids.push(
    (
      await publish(
        'Export to CSV',
        `${paragraphs('Export')}\n\n[The export docs](https://docs.example.com/export)`,
      )
    ).id,
  );
  ids.push((await publish('Keyboard shortcuts', paragraphs('Shortcuts'))).id);
  ids.push((await publish('Dark mode', paragraphs('Dark mode'))).id);
  host = await hostSite();
});

/** The events stored for `anonymousId`, in order: `view <entry>` or `click <entry>`. */
const eventsOf = async (anonymousId: string | null) =>
  (
    await server.db.sql<{ type: string; entryId: string | null }[]>`
      select type, entry_id from analytics_events where anonymous_id = ${anonymousId} order by id`
  ).map((e) => `${e.type} ${e.entryId ?? '-'}`);

/** Views per entry (oldest first) as the API reports them: GET /api/v1/analytics/entries. */
const viewsPerEntry = async () => {
  const res = await server.app.inject({ url: '/api/v1/analytics/entries?days=7', headers });
  expect(res.statusCode).toBe(200);
  const rows = res.json<{ entries: { entryId: string; views: number }[] }>().entries;
  return ids.map((id) => rows.find((r) => r.entryId === id)?.views ?? 0);
};

/** The host page in a short window: the panel's list shows the newest entry, not the oldest. */
async function openPanel(): Promise<Page> {
  const { page } = await openPage({ viewport: { width: 1280, height: 420 } });
  await page.goto(host.url);
  await page.locator('shiplog-widget [part="launcher"]').click();
  await page.locator(`shiplog-widget [part="entry"][data-entry="${newest()}"]`).waitFor();
  return page;
}
const list = (page: Page) => page.locator('shiplog-widget .entries');
/** Two frames and a moment: the observer has reported what is on screen now. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
/** Scroll the list by `dy` a frame at a time, as a wheel does, until it can go no further. */
async function scroll(page: Page, dy: number): Promise<void> {
  for (let moved = true; moved;) {
    moved = await list(page).evaluate((l, by) => {
      const from = l.scrollTop;
      l.scrollBy({ top: by });
      return l.scrollTop !== from;
    }, dy);
    await settle(page);
  }
}

describe('views per entry', () => {
  it('counts the entry the reader saw, with its id, and not one never scrolled to', async () => {
    const page = await openPanel();
    expect(await list(page).evaluate((l) => l.scrollHeight > l.clientHeight * 2)).toBe(true);
    const anonymousId = await page.evaluate(() => localStorage.getItem('shiplog:id'));
    await settle(page);
    await page.goto('about:blank'); // pagehide sends the queue
    await expect.poll(() => eventsOf(anonymousId), { timeout: 10_000 }).toContain(`view ${newest()}`);
    const events = await eventsOf(anonymousId);
    expect(events).not.toContain(`view ${oldest()}`);
    expect(events).not.toContain('view -');
    expect(new Set(events).size, 'each entry once').toBe(events.length);
    const views = await viewsPerEntry();
    expect(views[3]).toBe(1);
    expect(views[0]).toBe(0);
  });

  it('counts each entry scrolled to once per page load, and a click on a link in an entry', async () => {
    const before = await viewsPerEntry();
    const page = await openPanel();
    // Down to the oldest entry, back up, down again, then close and open again: nothing counts twice.
    await scroll(page, 60);
    await scroll(page, -60);
    await scroll(page, 60);
    await page.keyboard.press('Escape');
    await page.locator('shiplog-widget [part="launcher"]').click();
    const popup = page.waitForEvent('popup');
    await page.locator(`shiplog-widget [data-entry="${exported()}"] a[href^="https://docs"]`).click();
    await (await popup).close();
    const anonymousId = await page.evaluate(() => localStorage.getItem('shiplog:id'));
    await page.goto('about:blank');
    await expect
      .poll(async () => (await eventsOf(anonymousId)).sort(), { timeout: 10_000 })
      .toEqual([`click ${exported()}`, ...ids.map((id) => `view ${id}`)].sort());
    const after = await viewsPerEntry();
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 1]);
  });
});
