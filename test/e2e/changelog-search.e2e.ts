/// <reference lib="dom" />
/**
 * The public page's search box in a real browser (issue 33 item 6): the page runs no script at all, so
 * what works here works without JavaScript; reached and used with the keyboard alone (Tab to the labelled field, type, Enter), the GET form opens the results
 * page, which lists the matching entries with their bodies and keeps the words in the box; axe-core
 * finds no serious or critical violation on either page, at 1280 and 375 px.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEntry } from '../helpers/create-entry.ts';
import { type DashboardServer, screenshot, startDashboardServer } from '../helpers/dashboard-browser.ts';
import { useChromium } from '../helpers/use-chromium.ts';
import { axeViolations } from '../helpers/widget-host.ts';

const chromium = useChromium();
let live: DashboardServer;
let slug: string;

beforeAll(async () => {
  live = await startDashboardServer();
  const created = await live.server.project('pro');
  slug = created.project.slug;
  await createEntry(live.server.app, created.headers, {
    title: 'Faster exports',
    body: 'CSV exports stream now: **large** projects export in seconds.',
    publish: true,
  });
  await createEntry(live.server.app, created.headers, {
    title: 'Dark mode',
    body: 'Follows your system.',
    publish: true,
  });
});
afterAll(async () => {
  await live?.close();
});

for (const width of [1280, 375])
  it(`searches with the keyboard alone, through a plain GET form (${width} px)`, async () => {
    const context = await chromium.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${live.url}/changelog/${slug}`);
    expect(await page.locator('script').count(), 'the page has no script').toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const box = page.getByRole('searchbox', { name: 'Search updates' });
    await page.getByRole('search').waitFor();
    // Tab from the top of the page until the search field has the focus.
    for (let i = 0; i < 20 && !(await box.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('exports');
    await Promise.all([page.waitForURL(/\/search\?q=exports$/), page.keyboard.press('Enter')]);

    await page.getByRole('heading', { name: '1 update matches “exports”' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await page.getByRole('article').innerText()).toContain('projects export in seconds');
    expect(await box.inputValue()).toBe('exports');
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
    await screenshot(page, `changelog-search-${width}`);
  });
