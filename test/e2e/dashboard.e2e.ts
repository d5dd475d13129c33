/// <reference lib="dom" />
/**
 * The dashboard in Chromium (issue 20, docs/api.md#first-run), one story on one live server: the
 * setup link makes the owner and the project; the owner writes an entry with images (button, paste,
 * drop) and the server's preview, schedules it, publishes another, which a demo page's widget then
 * shows, and whose view by that reader Analytics counts on the entry's row (issue 30 item 10);
 * creates and revokes a key; invites a contributor, who signs up from the emailed link and cannot
 * publish (no button, and the API says 403); the editor works by keyboard alone and asks before
 * unsaved changes are lost. Every page ends with no CSP violation, console error or unannounced
 * dialog. Screenshots go to test-results/, and the README's to docs/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { issueSetupLink } from '../../server/services/accounts/set-up-first-account.ts';
import { PASSWORD } from '../helpers/dashboard.ts';
import { type DashboardPage, type Look, pasteImage, PNG, screenshot } from '../helpers/dashboard-browser.ts';
import { useDashboardInChromium } from '../helpers/dashboard-chromium.ts';
import { linkIn } from '../helpers/smtp-inbox.ts';
import { startHostSite } from '../helpers/widget-host.ts';

const DOCS = new URL('../../docs/screenshots/', import.meta.url);
const SLUG = 'acme-app';
/** The Body field's textarea (the editor has a Summary textarea too). */
const BODY = '.field:has(> label:text-is("Body")) textarea';

const dashboard = useDashboardInChromium();
const { live } = dashboard;
let owner: Awaited<ReturnType<DashboardPage['context']['storageState']>>;

const open = (signedIn = true, look: Look = {}) => dashboard.open(look, signedIn ? owner : undefined);
const at = (path: string) => `${live.url}/app${path}`;
const bodyOf = (page: Page) => page.getByLabel('Body').inputValue();
/** `date` as a datetime-local input's value, in the browser's (and this process's) time zone. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
const entryRow = async (title: string) =>
  (
    await live.server.db.sql<{ id: string; status: string; scheduledFor: Date | null; body: string }[]>`
      select id, status, scheduled_for, body from entries where title = ${title}`
  )[0];

describe('the dashboard in Chromium', () => {
  it('sets up from the link, writes an entry with images and preview, schedules it, publishes another into the widget', async () => {
    const { page, context } = await open(false);
    await page.goto(await issueSetupLink(live.server.db.sql, live.url));
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Project name').fill('Acme App');
    expect(await page.getByLabel('Project slug').inputValue()).toBe(SLUG);
    await page.getByRole('button', { name: 'Create account and project' }).click();
    await page.getByRole('heading', { name: 'New entry' }).waitFor();
    expect(page.url()).toBe(at(`/p/${SLUG}/entries/new`));
    owner = await context.storageState();

    await page.getByLabel('Title').fill('Dark mode');
    await page.getByLabel('Body').fill('Toggle it in **Settings**.\n');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image' }).click();
    await (await chooser).setFiles({ name: 'dark-mode.png', mimeType: 'image/png', buffer: PNG });
    const image = (alt: string) => new RegExp(`!\\[${alt}\\]\\(${live.url}/uploads/upl_\\w+\\.png\\)`);
    await expect.poll(() => bodyOf(page)).toMatch(image('dark mode'));
    await pasteImage(page, BODY, 'pasted.png', 'paste');
    await expect.poll(() => bodyOf(page)).toMatch(image('pasted'));
    await pasteImage(page, BODY, 'dropped.png', 'drop');
    await expect.poll(() => bodyOf(page)).toMatch(image('dropped'));

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.locator('strong').allTextContents()).toEqual(['Settings']);
    await expect.poll(() => preview.locator('img').count()).toBe(3);
    // The uploaded images load under the page's CSP (served by the server itself).
    await expect
      .poll(() =>
        preview.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)),
      )
      .toEqual([480, 480, 480]);
    await screenshot(page, 'dashboard-editor', new URL('editor.png', DOCS));

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/entries\/ent_\w+$/);
    await page.getByRole('heading', { name: 'Edit entry' }).waitFor();
    const draft = await entryRow('Dark mode');
    expect(draft).toMatchObject({ status: 'draft', scheduledFor: null });
    expect(draft!.body).toMatch(image('dropped'));

    const when = new Date(Date.now() + 2 * 3600_000);
    await page.getByLabel('Publish at').fill(localInput(when));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel schedule' }).waitFor();
    const scheduled = await entryRow('Dark mode');
    expect(scheduled!.status).toBe('draft');
    expect(Math.abs(scheduled!.scheduledFor!.getTime() - when.getTime())).toBeLessThan(60_000);

    // Entries opens where the entry now is: the Scheduled tab, not Drafts.
    await page.getByRole('link', { name: 'Entries' }).click();
    await page.getByRole('tab', { name: 'Scheduled', selected: true }).waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('link', { name: 'Dark mode' }).waitFor();
    expect(await panel.getByText(/^Scheduled /).count()).toBe(1);
    await screenshot(page, 'dashboard-entries');

    await page.getByRole('link', { name: 'New entry' }).click();
    await page.getByLabel('Title').fill('Faster search');
    await page.getByLabel('Body').fill('Search is **twice** as fast.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    expect((await entryRow('Faster search'))!.status).toBe('published');
    await page.getByRole('link', { name: 'Entries' }).click();
    await page
      .getByRole('tabpanel', { name: 'Published' })
      .getByRole('link', { name: 'Faster search' })
      .waitFor();
    await screenshot(page, 'dashboard-entries-after-publish');

    const host = await startHostSite(live.url, SLUG);
    try {
      await page.goto(host.url);
      const launcher = page.locator('shiplog-widget [part="launcher"]');
      await launcher.click();
      const entries = page.locator('shiplog-widget [part="entry"]');
      await expect.poll(() => entries.count()).toBe(1);
      expect(await entries.first().textContent()).toContain('Faster search');
      await screenshot(page, 'dashboard-widget-host');
      // The reader saw the entry: leaving the page sends its view, which Analytics counts per entry.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
    } finally {
      host.close();
    }
    await page.goto(at(`/p/${SLUG}/analytics`));
    const { id } = (await entryRow('Faster search'))!;
    await expect
      .poll(
        async () =>
          (
            await live.server.db.sql<{ n: number }[]>`
              select count(*)::int as n from analytics_events where entry_id = ${id} and type = 'view'`
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(1);
    await page.reload();
    const row = page
      .getByRole('region', { name: 'Activity per entry' })
      .getByRole('row', { name: /Faster search/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['1', '0', '0.0 %', '–']);
  });

  it('creates a key, shown once with a copy button, lists it, and revokes it', async () => {
    const { page, nextDialog } = await open();
    await page.goto(at(`/p/${SLUG}/keys`));
    await page.getByRole('heading', { name: 'The API needs Pro' }).waitFor();
    await page.getByLabel('Key name').fill('GitHub Action');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByLabel('New API key');
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^shl_/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page.getByRole('row', { name: /GitHub Action/ });
    expect(await row.textContent()).toContain(`…${key.slice(-4)}`);
    await screenshot(page, 'dashboard-keys');
    const call = () =>
      live.server.app.inject({ url: '/api/v1/entries', headers: { authorization: `Bearer ${key}` } });
    expect((await call()).statusCode).toBe(402); // a live key of a free project

    const asked = nextDialog(true);
    await row.getByRole('button', { name: /^Revoke/ }).click();
    expect(await asked).toMatch(/Revoke this key/);
    await page.getByText('No keys yet.').waitFor();
    expect((await call()).statusCode).toBe(401);
    await page.reload();
    await page.getByText('No keys yet.').waitFor();
  });

  it('a contributor invited by email signs up from the link, writes a draft, and cannot publish', async () => {
    const ownerPage = (await open()).page;
    await ownerPage.goto(at(`/p/${SLUG}/members`));
    await ownerPage.getByLabel('Email').fill('writer@example.com');
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('contributor');
    await ownerPage.getByRole('button', { name: 'Invite' }).click();
    await ownerPage.getByText(/Invitation sent/).waitFor();
    await ownerPage.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    await screenshot(ownerPage, 'dashboard-members');
    const link = linkIn(await live.inbox.next('writer@example.com'), `${live.url}/app/invite?token=`);

    const { page } = await open(false);
    // Signed out, the app asks for the session first: that 401 is expected.
    dashboard.expectErrors(/status of 401/, /status of 403/);
    await page.goto(link);
    await page.getByText(/invited to Acme App as a contributor/).waitFor();
    await page.getByLabel('Password').fill('a writer password 123');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('heading', { name: 'Entries' }).waitFor();
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0);

    await page.getByRole('link', { name: 'New entry' }).click();
    await page.getByLabel('Title').fill('Notes from the writer');
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Schedule' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Edit entry' }).waitFor();
    for (const name of ['Publish', 'Schedule', 'Unpublish', 'Delete']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    const id = (await entryRow('Notes from the writer'))!.id;
    const refused = await page.evaluate(
      async ({ id, slug }) => {
        const session = await (await fetch('/api/dashboard/session')).json();
        const res = await fetch(`/api/v1/entries/${id}/publish`, {
          method: 'POST',
          headers: { 'x-csrf-token': session.csrfToken, 'shiplog-project': slug },
        });
        return { status: res.status, code: (await res.json()).code };
      },
      { id, slug: SLUG },
    );
    expect(refused).toEqual({ status: 403, code: 'forbidden' });
    expect((await entryRow('Notes from the writer'))!.status).toBe('draft');
  });

  it('the editor works by keyboard alone, with visible focus, and asks before unsaved changes are lost', async () => {
    const { page, nextDialog } = await open();
    await page.goto(at(`/p/${SLUG}/entries/new`));
    await page.getByRole('heading', { name: 'New entry' }).waitFor();
    /** Tab until the focused control's accessible name is `name`; every stop must show its focus. */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
          return {
            name: (label || el.getAttribute('aria-label') || el.textContent || '').trim(),
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          };
        });
        expect(focused.outline, `focus visible on ${focused.name}`).toBe(true);
        if (focused.name === name) return;
      }
      throw new Error(`no control named ${name} by Tab`);
    };
    await tabTo('Skip to content');
    await tabTo('Title');
    await page.keyboard.type('Keyboard shortcuts');
    await tabTo('Body');
    await page.keyboard.type('Press **?** to see them all.');
    await tabTo('Category');
    await page.keyboard.press('ArrowDown'); // feature → improvement
    await tabTo('Version');
    await page.keyboard.type('3.1.0');
    await tabTo('Save draft');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Edit entry' }).waitFor();
    const saved = await live.server.db.sql<{ category: string; version: string; body: string }[]>`
      select category, version, body from entries where title = 'Keyboard shortcuts'`;
    expect(saved).toEqual([
      { category: 'improvement', version: '3.1.0', body: 'Press **?** to see them all.' },
    ]);

    // Unsaved changes: leaving asks; Cancel stays, OK leaves.
    await page.getByLabel('Title').fill('Keyboard shortcuts, edited');
    let asked = nextDialog(false);
    await page.getByRole('link', { name: 'Settings' }).click();
    expect(await asked).toMatch(/unsaved changes/);
    expect(page.url()).toMatch(/\/entries\/ent_/);
    expect(await page.getByLabel('Title').inputValue()).toBe('Keyboard shortcuts, edited');
    asked = nextDialog(true);
    await page.getByRole('link', { name: 'Settings' }).click();
    await asked;
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
  });

  it('settings change the real widget preview live, save, and give the embed snippet to copy', async () => {
    const { page } = await open();
    await page.goto(at(`/p/${SLUG}/settings`));
    const widget = page.locator('.widget-frame shiplog-widget');
    await widget.locator('[part="launcher"]').waitFor();
    await page.getByLabel('Accent colour').fill('#0f766e');
    await page.getByLabel('Position').selectOption('bottom-left');
    await page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => widget.getAttribute('data-position')).toBe('bottom-left');
    await expect.poll(() => widget.getAttribute('data-theme')).toBe('dark');
    await expect
      .poll(() => widget.locator('[part="launcher"]').evaluate((b) => getComputedStyle(b).backgroundColor))
      .toBe('rgb(15, 118, 110)');
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `<script src="${live.url}/widget.js" data-project="${SLUG}" async></script>`,
    );
    await screenshot(page, 'dashboard-settings', new URL('settings.png', DOCS));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const [row] = await live.server.db.sql<{ accent: string; position: string; theme: string }[]>`
      select accent, position, theme from projects where slug = ${SLUG}`;
    expect(row).toEqual({ accent: '#0f766e', position: 'bottom-left', theme: 'dark' });
    await page.reload();
    expect(await page.getByLabel('Position').inputValue()).toBe('bottom-left');
  });
});
