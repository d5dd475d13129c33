/// <reference lib="dom" />
/**
 * A monorepo's widget (docs/github-app.md#github-app, monorepos: "filterable … in the widget with
 * `data-component`"), in Debian's Chromium on a host page with a strict CSP: the script tag's
 * `data-component="web"` shows `web`'s entries only, found by role and accessible name (neither
 * another component's nor the repository-wide ones); without the attribute every entry shows. axe-core
 * stays clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type HostSite, useWidgetWorld } from '../helpers/widget-host.ts';

const { publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;

const WEB = ['Dark mode for the dashboard', 'Keyboard shortcuts in the editor'];
const API = 'Faster pagination of the entries API';
const WHOLE = 'A new home for the documentation';

beforeAll(async () => {
  await publish(WEB[0]!, 'Switch it on in Settings.', { component: 'web' });
  await publish(API, 'Pages of 100 in half the time.', { component: 'api' });
  await publish(WHOLE, 'Everything in one place.');
  await publish(WEB[1]!, 'Press ? to see them.', { component: 'web' });
  host = await hostSite();
});

/** The host page at `path`, the widget's panel opened from its launcher. */
async function open(path: string): Promise<Page> {
  const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${host.url}${path}`);
  await page.locator('shiplog-widget [part="launcher"]').click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('article').first().waitFor();
  return page;
}
const titles = async (page: Page) =>
  Promise.all(
    (await page.getByRole('dialog').getByRole('article').all()).map(
      async (a) => (await a.getByRole('heading', { level: 3 }).textContent())!,
    ),
  );

describe('the widget with data-component', () => {
  it("shows only that component's entries, by role and name, and passes axe-core", async () => {
    const page = await open('/?component=web');
    const dialog = page.getByRole('dialog');
    for (const title of WEB)
      await expect.poll(() => dialog.getByRole('article', { name: title }).count()).toBe(1);
    expect(await dialog.getByRole('article', { name: API }).count()).toBe(0);
    expect(await dialog.getByRole('article', { name: WHOLE }).count()).toBe(0);
    expect((await titles(page)).sort()).toEqual([...WEB].sort());
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows every entry without it', async () => {
    const page = await open('/');
    await expect.poll(async () => (await titles(page)).length).toBe(4);
    expect((await titles(page)).sort()).toEqual([...WEB, API, WHOLE].sort());
  });
});
