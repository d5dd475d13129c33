/// <reference lib="dom" />
/**
 * Announcements and the two audiences in the widget (issue 33), in Debian's Chromium on a host page of
 * another origin with a strict CSP: an entry marked `announce` opens once as a modal dialog named by its
 * title, over the page (nothing of the page moves), with focus trapped inside; Escape closes it and focus
 * goes back to the element that had it; it does not open again on reload; `data-announce="off"` keeps it
 * closed. An entry's `summary` shows in place of its body, with a "Read more" link to the whole entry.
 * axe-core stays clean with the dialog and with the panel open; screenshots go to test-results/.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type HostSite, useWidgetWorld } from '../helpers/widget-host.ts';

const RESULTS = new URL('../../test-results/', import.meta.url);
const { owner, publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;
const entries: Record<string, { id: string; slug: string }> = {};

beforeAll(async () => {
  entries.plain = await publish('Faster exports', 'Exports take **half** the time now.');
  entries.summarised = await publish(
    'Webhooks v2',
    'Technical details: `X-Signature-256`, HMAC-SHA256 of the raw body, retries with backoff.',
    { summary: 'Your integrations now hear about changes within seconds.' },
  );
  entries.announced = await publish('Dark mode is here', 'Toggle it in **Settings** → Appearance.', {
    announce: true,
    summary: 'Easier on the eyes at night: switch it on in Settings.',
  });
  host = await hostSite();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Dark mode is here' });
const launcher = (page: Page) => page.locator('shiplog-widget [part="launcher"]');
/** Where focus is: the tag and text of the focused element, looking into the widget's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active
      ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent}`
      : '';
  });

/**
 * Open the host page with the widget's JSON held back; `loaded` lets it through once the test has done
 * what must happen before the widget is there.
 */
async function openHeld(path = '/') {
  const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // By path: the widget adds `?locale=` (the page's language) to this request.
  const widgetJson = (url: URL) => url.pathname === `/api/widget/${owner.project.slug}`;
  await page.route(widgetJson, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${host.url}${path}`);
  // The test relies on the hold: nothing of the widget's announcement is there before `loaded`.
  expect(await page.locator('shiplog-widget dialog').count()).toBe(0);
  return { page, loaded: release };
}

/** The boxes of the host page's own content. */
const hostLayout = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main, main > *')].map((n) => JSON.stringify(n.getBoundingClientRect())),
  );

describe('announcements in the widget', () => {
  it('opens once as a dialog over the page, traps focus, closes on Escape and gives focus back', async () => {
    const { page, loaded } = await openHeld();
    const link = page.getByRole('link', { name: 'a link' });
    await link.focus();
    const before = await hostLayout(page);
    loaded();

    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    // A modal dialog named by its title, holding the summary and a link to the whole entry.
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
    expect(await dialog(page).textContent()).toContain('Easier on the eyes at night');
    expect(
      await dialog(page).getByRole('link', { name: 'Read more: Dark mode is here' }).getAttribute('href'),
    ).toBe(`https://changelog.test/changelog/${owner.project.slug}/${entries.announced!.slug}`);
    // Over the page: nothing of the host page moved.
    expect(await hostLayout(page)).toEqual(before);
    expect(await page.getByRole('dialog').count()).toBe(1);

    // Focus is inside, and Tab and Shift+Tab keep it there.
    expect(await focused(page)).toBe('button Close');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      seen.add(await focused(page));
    }
    expect([...seen].sort()).toEqual(['a Read more: Dark mode is here', 'button Close', 'button Got it']);
    await page.keyboard.press('Shift+Tab');
    expect(seen.has(await focused(page))).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focused(page)).toBe('a a link');

    // Dismissed: not again on reload, while the widget itself is there.
    await page.reload();
    await launcher(page).waitFor();
    expect(await page.locator('shiplog-widget dialog').count()).toBe(0);
  });

  it('closes with its close button, and stays closed on reload', async () => {
    const { page, loaded } = await openHeld();
    loaded();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.reload();
    await launcher(page).waitFor();
    expect(await page.locator('shiplog-widget dialog').count()).toBe(0);
  });

  it('stays closed with data-announce="off"', async () => {
    const { page } = await openPage();
    await page.goto(`${host.url}/?announce=off`);
    await launcher(page).waitFor();
    expect(await page.locator('shiplog-widget dialog').count()).toBe(0);
  });

  it('passes axe-core with the dialog open (screenshot in test-results/)', async () => {
    const { page, loaded } = await openHeld();
    loaded();
    await dialog(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await mkdir(RESULTS, { recursive: true });
    await page.screenshot({ path: new URL('widget-announcement.png', RESULTS).pathname });
  });
});

describe('summaries in the widget', () => {
  it("shows an entry's summary and a link to the whole entry in place of its body", async () => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${host.url}/?announce=off`);
    await launcher(page).click();
    const summarised = page.locator(`shiplog-widget [part="entry"][data-entry="${entries.summarised!.id}"]`);
    expect(await summarised.textContent()).toContain(
      'Your integrations now hear about changes within seconds.',
    );
    expect(await summarised.textContent()).not.toContain('X-Signature-256');
    const more = summarised.getByRole('link', { name: 'Read more: Webhooks v2' });
    expect(await more.isVisible()).toBe(true);
    expect(await more.getAttribute('href')).toBe(
      `https://changelog.test/changelog/${owner.project.slug}/${entries.summarised!.slug}`,
    );
    // An entry without a summary shows its body, and no link while it fits.
    const plain = page.locator(`shiplog-widget [part="entry"][data-entry="${entries.plain!.id}"]`);
    expect(await plain.locator('.body strong').textContent()).toBe('half');
    expect(await plain.locator('a.more').isVisible()).toBe(false);

    expect(await axeViolations(page)).toEqual([]);
    await mkdir(RESULTS, { recursive: true });
    await page.screenshot({ path: new URL('widget-summary.png', RESULTS).pathname });
  });
});
