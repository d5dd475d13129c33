/// <reference lib="dom" />
/**
 * The widget in a real browser (issue "Embeddable widget"): Debian's Chromium, a live Shiplog server on
 * the embedded database, and a host website on another origin whose CSP names only itself and the
 * Shiplog origin (no `'unsafe-inline'`). Every page must end with zero CSP violations, zero console
 * errors and no dialogs. Screenshots of both themes go to test-results/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CORS_HEADERS } from '../../server/http/cors-policy.ts';
import { createEntry } from '../../server/services/entries/create-entry.ts';
import { updateProjectSettings } from '../../server/services/accounts/manage-projects.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import {
  axeViolations,
  type HostSite,
  launchChromium,
  startHostSite,
  watch,
  type Watched,
} from '../helpers/widget-host.ts';

const RESULTS = new URL('../../test-results/', import.meta.url);

let server: TestServer;
let shiplog: string;
let host: HostSite;
let browser: Browser;
let headers: Record<string, string>;
let slug: string;
let projectId: string;
let context: BrowserContext | undefined;
let watched: Watched | undefined;
const ids: Record<string, string> = {};

const XSS_BODY = [
  'Try it now. <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
  '[click me](javascript:window.__pwned=3) <a href="javascript:window.__pwned=4">js link</a>',
  '<svg onload="window.__pwned=5"></svg> <iframe srcdoc="<script>parent.__pwned=6</script>"></iframe>',
  '<a href="https://docs.example.com/export">Read the export docs</a>',
].join('\n\n');

async function publish(title: string, body: string, extra: object = {}): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers,
    payload: { title, body, publish: true, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json().entry.id;
}

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  const created = await server.project('pro');
  headers = created.headers;
  slug = created.project.slug;
  projectId = created.project.id;
  await updateProjectSettings(server.db.sql, slug, { accent: '#0f766e' });
  server.app.shiplog.widgetCache.invalidate(projectId);
  ids.oldest = await publish('Faster search', 'Search is **twice** as fast.', { category: 'improvement' });
  ids.xss = await publish('Export to CSV', XSS_BODY, { version: '2.1.0' });
  ids.text = await publish('<b>Bold</b> & <i>co</i>', 'Titles are text, never markup.', { category: 'fix' });
  ids.newest = await publish('Dark mode', 'Toggle it in **Settings**.', { version: '2.2.0' });
  shiplog = await server.app.listen({ port: 0, host: '127.0.0.1' });
  host = await startHostSite(shiplog, slug);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  host?.close();
  await server?.close();
});
afterEach(async () => {
  const seen = watched;
  await context?.close();
  context = undefined;
  watched = undefined;
  if (seen) {
    expect(seen.violations, 'CSP violations').toEqual([]);
    expect(seen.errors, 'console errors').toEqual([]);
    expect(seen.dialogs, 'dialogs').toEqual([]);
  }
});

async function open(
  path = '/',
  viewport = { width: 1280, height: 800 },
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<Page> {
  context = await browser.newContext({ viewport, reducedMotion });
  const page = await context.newPage();
  watched = await watch(page);
  await page.goto(`${host.url}${path}`);
  return page;
}
const launcher = (page: Page) => page.locator('shiplog-widget [part="launcher"]');
const panel = (page: Page) => page.locator('shiplog-widget [part="panel"]');
/**
 * What has focus inside the widget's shadow root: `launcher`, `close`, `in panel` (anything else
 * inside the dialog), or '' when focus is elsewhere.
 */
const focusedInWidget = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('shiplog-widget')?.shadowRoot;
    const active = root?.activeElement;
    if (!root || !active) return '';
    if (active.classList.contains('launcher') || active.classList.contains('close')) return active.className;
    return root.querySelector('[part="panel"]')?.contains(active) ? 'in panel' : 'elsewhere';
  });
/** The launcher's accessible name, as Chromium's accessibility tree computes it. */
const launcherName = async (page: Page) =>
  (await page.locator('shiplog-widget').ariaSnapshot()).match(/button "([^"]*)"/)?.[1] ?? '';

/** Answer `pattern` as the server does over a rate limit: 429, `Retry-After`, the public CORS headers. */
const rateLimited = (page: Page, pattern: string, retryAfterSeconds: number) =>
  page.route(pattern, (route) =>
    route.fulfill({
      status: 429,
      headers: {
        'retry-after': String(retryAfterSeconds),
        ...PUBLIC_CORS_HEADERS,
        'content-type': 'application/problem+json',
      },
      body: JSON.stringify({ code: 'rate_limited', status: 429, detail: 'slow down' }),
    }),
  );

describe('the widget on a host page with a strict CSP', () => {
  it('shows a launcher with the unread badge, opens and closes by mouse and keyboard, and returns focus', async () => {
    const page = await open();
    await launcher(page).waitFor();
    await expect.poll(() => launcherName(page)).toBe("What's new 3 unread updates");
    expect(await page.locator('shiplog-widget [part="badge"]').textContent()).toBe('3');
    expect(await launcher(page).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(15, 118, 110)',
    );

    await launcher(page).click();
    expect(await panel(page).isVisible()).toBe(true);
    expect(await panel(page).getAttribute('role')).toBe('dialog');
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('true');
    expect(await focusedInWidget(page)).toBe('close');
    await page.keyboard.press('Escape');
    expect(await panel(page).isVisible()).toBe(false);
    expect(await focusedInWidget(page)).toBe('launcher');

    // Keyboard only: Enter opens, Tab and Shift+Tab stay inside the dialog, Escape closes.
    await page.keyboard.press('Enter');
    expect(await panel(page).isVisible()).toBe(true);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(['close', 'in panel']).toContain(await focusedInWidget(page));
    }
    await page.locator('shiplog-widget .close').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInWidget(page)).toBe('in panel');
    await page.keyboard.press('Escape');
    expect(await focusedInWidget(page)).toBe('launcher');

    // Opened once: nothing unread on the next visit, until something new is published.
    await page.reload();
    await launcher(page).waitFor();
    await expect.poll(() => launcherName(page)).toBe("What's new");
    expect(await page.locator('shiplog-widget [part="badge"]').isVisible()).toBe(false);
    const id = await publish('Keyboard shortcuts', 'Press `?` to see them.');
    await page.reload();
    await expect.poll(() => launcherName(page)).toBe("What's new 1 unread update");
    await server.app.inject({ method: 'DELETE', url: `/api/v1/entries/${id}`, headers });
  });

  it('renders titles as text and only the sanitized HTML; XSS vectors in an entry run nothing', async () => {
    const page = await open();
    await launcher(page).click();
    const entries = page.locator('shiplog-widget [part="entry"]');
    expect(await entries.count()).toBe(4);
    expect(await entries.locator('h3').allTextContents()).toEqual([
      'Dark mode',
      '<b>Bold</b> & <i>co</i>',
      'Export to CSV',
      'Faster search',
    ]);
    const xss = page.locator(`shiplog-widget [part="entry"][data-entry="${ids.xss}"]`);
    expect(await xss.locator('.chip').textContent()).toBe('Feature');
    expect(await xss.locator('.version').textContent()).toBe('2.1.0');
    const html = await xss.locator('.body').innerHTML();
    expect(html).not.toMatch(/onerror|onload|<script|<iframe|javascript:/i);
    expect(html).toContain('href="https://docs.example.com/export"');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('shiplog-widget [part="entry"] time').first().textContent()).toMatch(
      /now|second|minute/,
    );
  });

  it('sends a reaction to the server and shows its count at once, and toggles it back', async () => {
    const page = await open();
    await launcher(page).click();
    const thumbs = page
      .locator(`shiplog-widget [part="entry"][data-entry="${ids.newest}"] [part="reaction"]`)
      .first();
    expect(await thumbs.getAttribute('aria-pressed')).toBe('false');
    await thumbs.click();
    await expect.poll(() => thumbs.getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.locator('.count').textContent()).toBe('1');
    expect(await thumbs.textContent()).toBe('👍 1 reaction');
    const stored = async () =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${ids.newest}`, headers })).json().entry
        .reactions['👍'];
    await expect.poll(stored).toBe(1);

    await page.reload();
    await launcher(page).click();
    await expect.poll(() => thumbs.getAttribute('aria-pressed')).toBe('true');
    await thumbs.click();
    await expect.poll(stored).toBe(0);
    expect(await thumbs.locator('.count').textContent()).toBe('0');
  });

  it('keeps keyboard focus on a reaction while it is sent, ignores presses until then, and Escape still closes', async () => {
    const page = await open();
    // The reaction's request waits until the test lets it go, so "while it is sent" is observable.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route('**/api/reactions', async (route) => {
      if (route.request().method() === 'POST') {
        posts++;
        await held;
      }
      await route.continue();
    });
    await launcher(page).waitFor();
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    expect(await panel(page).isVisible()).toBe(true);

    // Tab (as a keyboard user does) to the first reaction of the entry titled in markup.
    const focusedReaction = () =>
      page.evaluate(() => {
        const active = document.querySelector('shiplog-widget')?.shadowRoot
          ?.activeElement as HTMLElement | null;
        return active?.classList.contains('reaction')
          ? `${active.dataset.entry} ${active.dataset.emoji}`
          : '';
      });
    const target = `${ids.text} 👍`;
    for (let i = 0; i < 40 && (await focusedReaction()) !== target; i++) await page.keyboard.press('Tab');
    expect(await focusedReaction()).toBe(target);

    const thumbs = page.locator(`shiplog-widget [part="reaction"][data-entry="${ids.text}"]`).first();
    await page.keyboard.press('Enter');
    await expect.poll(() => posts).toBe(1);
    expect(await thumbs.getAttribute('aria-disabled')).toBe('true');
    expect(await thumbs.getAttribute('aria-pressed')).toBe('true');
    expect(await focusedReaction()).toBe(target);
    // A second press while the first is on its way sends nothing and changes nothing.
    await page.keyboard.press('Enter');
    expect(await thumbs.getAttribute('aria-pressed')).toBe('true');
    release();

    await expect.poll(() => thumbs.getAttribute('aria-disabled')).toBeNull();
    expect(await thumbs.getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.locator('.count').textContent()).toBe('1');
    const stored = await server.app.inject({ method: 'GET', url: `/api/v1/entries/${ids.text}`, headers });
    expect(stored.json().entry.reactions['👍']).toBe(1);
    expect(posts).toBe(1);
    expect(await focusedReaction()).toBe(target);

    await page.keyboard.press('Escape');
    expect(await panel(page).isVisible()).toBe(false);
    expect(await focusedInWidget(page)).toBe('launcher');
  });

  it('puts a reaction back and says why when the server refuses it; says when to retry a subscription', async () => {
    const page = await open();
    await rateLimited(page, '**/api/reactions', 17);
    await rateLimited(page, '**/api/subscribe', 600);
    await launcher(page).click();
    const thumbs = page
      .locator(`shiplog-widget [part="entry"][data-entry="${ids.oldest}"] [part="reaction"]`)
      .first();
    await thumbs.click();
    await expect
      .poll(() => page.locator('shiplog-widget .panel > [role="status"]').textContent())
      .toBe('Too many reactions: try again in 17 s.');
    expect(await thumbs.getAttribute('aria-pressed')).toBe('false');
    expect(await thumbs.locator('.count').textContent()).toBe('0');

    const form = page.locator('shiplog-widget [part="subscribe"]');
    await form.locator('input').fill('reader2@example.com');
    await form.locator('button').click();
    await expect
      .poll(() => form.locator('[role="status"]').textContent())
      .toBe('Too many attempts: try again in 10 min.');
    // The refused requests are the page's own console errors (429): expected here, not a defect.
    watched!.errors = watched!.errors.filter((e) => !e.includes('429'));
  });

  it('subscribes through the form: a bad address is explained, a good one is pending confirmation', async () => {
    const page = await open();
    await launcher(page).click();
    const form = page.locator('shiplog-widget [part="subscribe"]');
    await form.locator('input').fill('not an address');
    await form.locator('button').click();
    await expect
      .poll(() => form.locator('[role="status"]').textContent())
      .toContain('Enter an email address');
    await form.locator('input').fill('reader@example.com');
    await form.locator('button').click();
    await expect
      .poll(() => form.locator('[role="status"]').textContent())
      .toContain('open the link we just emailed');
    const [row] = await server.db.sql<{ status: string }[]>`
      select status from subscribers where project_id = ${projectId} and email = 'reader@example.com'`;
    expect(row?.status).toBe('pending');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe-core with the panel open in the ${theme} theme (screenshot in test-results/)`, async () => {
      const page = await open(`/?theme=${theme}`);
      await launcher(page).click();
      expect(await page.locator('shiplog-widget').getAttribute('data-theme')).toBe(theme);
      expect(await axeViolations(page)).toEqual([]);
      await mkdir(RESULTS, { recursive: true });
      await page.screenshot({ path: new URL(`widget-${theme}.png`, RESULTS).pathname });
    });
  }

  it('is a full-screen sheet on a narrow screen, honours data-position, and does not move when asked not to', async () => {
    const page = await open('/?position=top-left', { width: 375, height: 700 }, 'reduce');
    await launcher(page).click();
    expect(await page.locator('shiplog-widget').getAttribute('data-position')).toBe('top-left');
    const box = await panel(page).boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 700 });
  });

  it("attaches to the page's own element with data-selector", async () => {
    const page = await open('/attached?selector=%23whats-new');
    const own = page.locator('#whats-new');
    await expect.poll(() => own.getAttribute('data-shiplog-unread')).toBe('3');
    expect(await launcher(page).isVisible()).toBe(false);
    await own.click();
    expect(await panel(page).isVisible()).toBe(true);
    expect(await own.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await panel(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('whats-new');
    expect(await own.getAttribute('data-shiplog-unread')).toBe('0');
  });

  it('says "Powered by Shiplog" for a project on the free plan, and nothing for a paid one', async () => {
    const free = await server.project('free');
    await createEntry(server.app.shiplog, free.project.id, {
      title: 'Hello from the free plan',
      body: 'It works.',
      category: 'announcement',
      visibility: 'external',
      publish: true,
    });
    const freeHost = await startHostSite(shiplog, free.project.slug);
    try {
      context = await browser.newContext();
      const page = await context.newPage();
      watched = await watch(page);
      await page.goto(freeHost.url);
      await launcher(page).click();
      expect(await page.locator('shiplog-widget .brand').textContent()).toBe('Powered by Shiplog');
      expect(watched).toEqual({ violations: [], errors: [], dialogs: [] });
    } finally {
      await context?.close();
      freeHost.close();
    }
    const paid = await open();
    await launcher(paid).click();
    expect(await paid.locator('shiplog-widget .brand').count()).toBe(0);
  });

  it('works on the demo page under its own strict CSP', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    watched = await watch(page);
    const res = await page.goto(`${shiplog}/demo/${slug}`);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res?.headers()['content-security-policy']).not.toContain('unsafe-inline');
    await launcher(page).waitFor();
    await launcher(page).click();
    expect(await page.locator('shiplog-widget [part="entry"]').count()).toBe(4);
  });
});
