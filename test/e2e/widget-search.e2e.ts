/// <reference lib="dom" />
/**
 * The widget's search box (issue 33), in Debian's Chromium on a host page of another origin with a
 * strict CSP, by keyboard alone: Tab to the launcher, Enter, Tab to the search field, type a word that
 * only an entry's body holds, and the entry is found in the widget's entry shape through
 * `GET /api/widget/{slug}/search`; a word nothing holds says so; clearing the field brings the list
 * back. axe-core stays clean with results shown.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type HostSite, useWidgetWorld } from '../helpers/widget-host.ts';

const { owner, publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;
const entries: Record<string, { id: string }> = {};

beforeAll(async () => {
  entries.exports = await publish('Faster exports', 'Exports finish in half the time on large projects.');
  entries.calendar = await publish('Calendar sync', 'Events now sync with the quokka calendar every minute.');
  entries.themes = await publish('Themes', 'Pick a colour for your workspace.');
  host = await hostSite();
});

/** What has focus inside the widget's shadow root, as "tag name-or-label". */
const focusedInWidget = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('shiplog-widget')?.shadowRoot?.activeElement;
    return active ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.id}` : '';
  });

/** Tab through the page until `what` has focus inside the widget (at most `limit` presses). */
async function tabTo(page: Page, what: RegExp, limit = 10): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (what.test(await focusedInWidget(page))) return;
  }
  throw new Error(`never reached ${what}`);
}

describe('search in the widget', () => {
  it('finds an entry by a word of its body with the keyboard alone, and says when nothing matches', async () => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    const searches: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/search?')) searches.push(r);
    });
    await page.goto(`${host.url}/?announce=off`);
    await page.locator('shiplog-widget [part="launcher"]').waitFor();
    await tabTo(page, /^button/);
    await page.keyboard.press('Enter');
    const search = page.locator('shiplog-widget').getByRole('searchbox', { name: 'Search updates' });
    await tabTo(page, /shiplog-search$/);

    await page.keyboard.type('quokka');
    const results = page.locator('shiplog-widget').getByRole('region', { name: 'Search results' });
    await expect.poll(() => results.locator('[part="entry"]').count()).toBe(1);
    expect(await results.locator('[part="entry"]').getAttribute('data-entry')).toBe(entries.calendar!.id);
    expect(await results.getByRole('heading', { name: 'Calendar sync' }).isVisible()).toBe(true);
    // Results have the list's reactions too, and the list makes way for them.
    expect(await results.locator('[part="reaction"]').count()).toBeGreaterThan(0);
    expect(await page.locator('shiplog-widget .entries').isVisible()).toBe(false);
    expect(await page.locator('shiplog-widget .search [role="status"]').textContent()).toBe(
      '1 update matches “quokka”.',
    );
    const last = new URL(searches.at(-1)!.url());
    expect([last.pathname, last.searchParams.get('q')]).toEqual([
      `/api/widget/${owner.project.slug}/search`,
      'quokka',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    await search.fill('');
    await page.keyboard.type('zebra');
    await expect.poll(() => results.textContent()).toBe('No updates match “zebra”.');

    await search.fill('');
    await page.keyboard.press('Enter');
    await expect.poll(() => results.isVisible()).toBe(false);
    expect(await page.locator('shiplog-widget .entries [part="entry"]').count()).toBe(3);
  });
});
