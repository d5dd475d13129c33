/// <reference lib="dom" />
/**
 * Long entries in the widget (issue 19 item 7), in Debian's Chromium on a host page with a strict CSP:
 * a body taller than the panel's cap is clipped and gets a "Read more" link to the entry's public page;
 * a short one gets none; one that grows past the cap when its image arrives gets it then. axe-core
 * stays clean in both themes; screenshots go to test-results/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type HostSite, useWidgetWorld } from '../helpers/widget-host.ts';

const RESULTS = new URL('../../test-results/', import.meta.url);
/** An image 600 px tall: alone, it takes an entry past the cap. */
const TALL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="600"><rect width="40" height="600"/></svg>';

const { server, owner, publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;
const entries: Record<string, { id: string; slug: string }> = {};

beforeAll(async () => {
  entries.picture = await publish(
    'A late picture',
    'One line.\n\n![A tall chart](https://images.example/tall.svg)',
  );
  entries.short = await publish('A short note', 'Two lines of text.\n\nThat is all.');
  const paragraphs = Array.from(
    { length: 20 },
    (_, i) => `Paragraph ${i + 1}: what changed, why it matters, and how to use it.`,
  );
  entries.long = await publish('A long story', paragraphs.join('\n\n'));
  host = await hostSite();
});

/** The host page with its images answered only once `release` is called. */
async function open(path = '/'): Promise<{ page: Page; release: () => void }> {
  const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('https://images.example/**', async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TALL_SVG });
  });
  await page.goto(`${host.url}${path}`);
  await page.locator('shiplog-widget [part="launcher"]').click();
  await page.locator('shiplog-widget [part="entry"]').first().waitFor();
  return { page, release };
}
const readMore = (page: Page, key: string) =>
  page.locator(`shiplog-widget [part="entry"][data-entry="${entries[key]!.id}"] a.more`);

describe('long entries in the widget', () => {
  it('clips a long entry with a "Read more" link to its page, and gives a short one none', async () => {
    const { page, release } = await open();
    const more = readMore(page, 'long');
    await expect.poll(() => more.isVisible()).toBe(true);
    const href = `https://changelog.test/changelog/${owner.project.slug}/${entries.long!.slug}`;
    expect(await more.getAttribute('href')).toBe(href);
    expect(await page.locator('shiplog-widget').ariaSnapshot()).toContain(`link "Read more: A long story"`);
    // The link leads to the entry's public page.
    const entryPage = await server.app.inject({ url: href.replace('https://changelog.test', '') });
    expect(entryPage.statusCode).toBe(200);
    expect(entryPage.body).toContain('Paragraph 20');
    // Clipped: the body is shorter than its content, which is all there.
    const body = page.locator(`shiplog-widget [data-entry="${entries.long!.id}"] .body`);
    expect(await body.evaluate((b) => b.scrollHeight > b.clientHeight)).toBe(true);
    expect(await body.textContent()).toContain('Paragraph 20');

    expect(await readMore(page, 'short').isVisible()).toBe(false);
    // Keyboard users reach the visible link and never the hidden ones.
    expect(await readMore(page, 'short').evaluate((a) => (a as HTMLElement).offsetParent)).toBeNull();

    // An entry that grows past the cap when its image arrives gets its link then.
    expect(await readMore(page, 'picture').isVisible()).toBe(false);
    release();
    await expect.poll(() => readMore(page, 'picture').isVisible()).toBe(true);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe-core with a clipped entry in the ${theme} theme (screenshot in test-results/)`, async () => {
      const { page, release } = await open(`/?theme=${theme}`);
      release();
      await expect.poll(() => readMore(page, 'long').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await mkdir(RESULTS, { recursive: true });
      await page.screenshot({ path: new URL(`widget-read-more-${theme}.png`, RESULTS).pathname });
    });
  }
});
