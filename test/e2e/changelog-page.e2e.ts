/// <reference lib="dom" />
/**
 * The public changelog page in a real browser (issue 19 item 6): under the page's own CSP, an entry's
 * `https:` images and this origin's load, while an `http:` image of another origin and a `data:` one
 * are refused. Debian's Chromium; the image hosts are answered by request interception, which runs
 * after the page's CSP has let a request go, so a refused image is the CSP's doing and nothing else.
 * An entry's page links back to the list, and a feature's chip says "Feature" (issue 30 item 14).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntry } from '../helpers/create-entry.ts';
import { type DashboardServer, screenshot, startDashboardServer } from '../helpers/dashboard-browser.ts';
import { useChromium } from '../helpers/use-chromium.ts';
import { axeViolations, watch, type Watched } from '../helpers/widget-host.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HTTPS_IMAGE = 'https://images.example/shot.png';
const HTTP_IMAGE = 'http://images.example/old.png';

const chromium = useChromium();
let live: DashboardServer;
let shiplog: string;
let slug: string;

beforeAll(async () => {
  // PUBLIC_URL is the server's own address: the page's absolute links lead back to it.
  live = await startDashboardServer();
  const created = await live.server.project('pro');
  slug = created.project.slug;
  shiplog = live.url;
  await createEntry(live.server.app, created.headers, {
    title: 'Pictures',
    body: [
      `![A screenshot](${HTTPS_IMAGE})`,
      `![An old screenshot](${HTTP_IMAGE})`,
      // This origin's own address: 'self', though it is http: here.
      `![Our logo](${shiplog}/uploads/logo.png)`,
    ].join('\n\n'),
    publish: true,
  });
});
afterAll(async () => {
  await live?.close();
});

/** A page with every image address answered by a PNG: only the CSP can keep one out. */
async function open(path: string, width = 1280): Promise<{ page: Page; watched: Watched }> {
  const context = await chromium.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const watched = await watch(page);
  for (const pattern of ['https://images.example/**', 'http://images.example/**', `${shiplog}/uploads/**`])
    await page.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
  const res = await page.goto(`${shiplog}${path}`);
  expect(res?.status()).toBe(200);
  return { page, watched };
}

/** Each image of the entries: its address and whether it loaded. */
const images = (page: Page) =>
  page
    .locator('main img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => `${img.src} ${img.complete && img.naturalWidth > 0}`),
    );

describe('the changelog page under its CSP', () => {
  for (const path of ['/changelog/{slug}', '/changelog/{slug}/pictures'])
    it(`${path} shows https: images and this origin's, and refuses an http: one`, async () => {
      const { page, watched } = await open(path.replace('{slug}', slug));
      await expect
        .poll(() => images(page))
        .toEqual([`${HTTPS_IMAGE} true`, `${HTTP_IMAGE} false`, `${shiplog}/uploads/logo.png true`]);
      await expect.poll(() => watched.violations).toEqual([`img-src ${HTTP_IMAGE}`]);
      // Chromium logs each refusal as a console error; there is no other.
      expect(watched.errors.filter((e) => !e.includes(HTTP_IMAGE))).toEqual([]);
      expect(watched.dialogs).toEqual([]);
    });

  it('refuses data: and blob: images', async () => {
    const { page, watched } = await open(`/changelog/${slug}`);
    await page.evaluate(async () => {
      const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
      for (const src of ['data:image/png;base64,iVBORw0KGgo=', URL.createObjectURL(blob)]) {
        const img = document.createElement('img');
        img.alt = '';
        img.src = src;
        document.body.append(img);
      }
    });
    await expect
      .poll(() => watched.violations.filter((v) => !v.includes(HTTP_IMAGE)))
      .toEqual(['img-src data', 'img-src blob']);
  });
});

describe("an entry's page", () => {
  for (const width of [1280, 375])
    it(`links back to the list of updates, and says "Feature" on a feature (${width} px)`, async () => {
      const { page } = await open(`/changelog/${slug}/pictures`, width);
      expect(await page.getByRole('article').count()).toBe(1);
      expect(await page.locator('.chip').textContent()).toBe('Feature');
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
      await screenshot(page, `changelog-entry-${width}`);
      await page.getByRole('link', { name: `All Project ${slug} updates`, exact: true }).click();
      await page.waitForURL(`${shiplog}/changelog/${slug}`);
      await page.getByRole('heading', { level: 1, name: `Project ${slug} changelog` }).waitFor();
      expect(await page.getByRole('link', { name: /updates$/ }).count(), 'no back link on the list').toBe(0);
    });
});
