/// <reference lib="dom" />
/**
 * The root page (`GET /`, issue 30 item 12) in Chromium: it leads to the dashboard, a project's public
 * changelog and the API reference by their links, and fits a 375 px screen as well as a desktop one:
 * nothing wider than the window, and the curl command wrapped inside its box, all of it readable.
 * axe-core clean; no CSP violation or console error. Screenshots into test-results/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { postEntry } from '../helpers/create-entry.ts';
import { screenshot } from '../helpers/dashboard-browser.ts';
import { useDashboardInChromium } from '../helpers/dashboard-chromium.ts';
import { axeViolations } from '../helpers/widget-host.ts';

// The API reference's bundled zod probes once for eval, which its CSP refuses (api-reference.e2e.ts).
const dashboard = useDashboardInChromium({ allowViolations: ['script-src eval'] });
const { live } = dashboard;

beforeAll(async () => {
  const { headers } = await live.server.project('pro', 'acme');
  await postEntry(live.server.app, headers, { title: 'Dark mode', body: 'Toggle it.', publish: true });
});
async function openHome(width: number): Promise<Page> {
  const { page } = await dashboard.open({ width });
  await page.goto(`${live.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Shiplog' }).waitFor();
  return page;
}

describe('the root page', () => {
  for (const width of [375, 1280]) {
    it(`fits ${width} px: nothing wider than the window, the curl command whole inside its box`, async () => {
      const page = await openHome(width);
      const fit = await page.evaluate(() => {
        const pre = document.querySelector('pre')!;
        const box = pre.getBoundingClientRect();
        return {
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          outside: [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .map((el) => el.tagName.toLowerCase()),
          preInside: box.left >= 0 && box.right <= window.innerWidth,
          // Wrapped: the box shows all of its content, with nothing to scroll to.
          preClipped: pre.scrollWidth - pre.clientWidth,
          command: pre.textContent,
        };
      });
      expect(fit.pageOverflow).toBeLessThanOrEqual(0);
      expect(fit.outside).toEqual([]);
      expect(fit.preInside).toBe(true);
      expect(fit.preClipped).toBeLessThanOrEqual(0);
      expect(fit.command).toContain(`curl ${live.url}/api/v1/entries`);
      expect(fit.command).toContain('"publish":true}');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `home-${width}`);
    });
  }

  it('leads to the dashboard, a public changelog and the API reference', async () => {
    const page = await openHome(375);
    // Signed out, the dashboard asks who is signed in: that 401 is the answer, not an error.
    dashboard.expectErrors(/status of 401/);
    await page.getByRole('link', { name: 'Open the dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Shiplog' }).waitFor();

    await page.goBack();
    await page.getByRole('list').getByRole('link', { name: 'Project acme' }).click();
    await page.getByRole('heading', { level: 1, name: 'Project acme changelog' }).waitFor();
    expect(page.url()).toBe(`${live.url}/changelog/acme`);

    await page.goBack();
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${live.url}/docs/`);
    expect(await page.title()).toMatch(/Shiplog/);
  });
});
