/// <reference lib="dom" />
/**
 * The widget in the reader's language (issue 39 item 3, docs/widget.md#languages), in Debian's
 * Chromium on a host page with a strict CSP: it asks for the page's `<html lang>`, the script tag's
 * `data-locale` overrides it, and a page without a language leaves it to the browser's
 * `Accept-Language` (a German browser reads German). Entries without a translation stay in the default
 * locale, each article saying its language; a subscription made in the widget keeps the language.
 * axe-core stays clean; screenshots in test-results/.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type HostSite, useWidgetWorld } from '../helpers/widget-host.ts';

const { server, headers, owner, publish, hostSite, openPage } = useWidgetWorld();
let host: HostSite;
const RESULTS = new URL('../../test-results/', import.meta.url);

beforeAll(async () => {
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { locales: ['de', 'fr'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  await publish('Only in English', 'Not translated yet.');
  await publish('Dark mode', 'Switch it on in Settings.', {
    translations: {
      de: { title: 'Dunkelmodus', body: 'In den Einstellungen einschalten.' },
      fr: { title: 'Mode sombre', body: 'Activez-le dans les réglages.' },
    },
  });
  host = await hostSite();
});

/** The host page at `path` in a browser of `locale`, the widget's panel opened from its launcher. */
async function open(path: string, locale: string): Promise<Page> {
  const { page } = await openPage({ locale, viewport: { width: 1280, height: 800 } });
  await page.goto(`${host.url}${path}`);
  await page.locator('shiplog-widget [part="launcher"]').click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('article').first().waitFor();
  return page;
}

/** Each article's title and `lang`, in order. */
const shown = async (page: Page) =>
  Promise.all(
    (await page.getByRole('dialog').getByRole('article').all()).map(
      async (a) =>
        `${await a.getAttribute('lang')}:${await a.getByRole('heading', { level: 3 }).textContent()}`,
    ),
  );

describe('the widget in the reader’s language', () => {
  it('a German browser on a page without a language reads German, by role and name; axe-clean', async () => {
    const page = await open('/?lang=', 'de-DE');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('article', { name: 'Dunkelmodus' }).count()).toBe(1);
    expect(await shown(page)).toEqual(['de:Dunkelmodus', 'en:Only in English']);
    // The host page itself has no language (that is the case under test): the widget's part is clean.
    expect((await axeViolations(page)).filter((v) => v !== 'serious: html-has-lang')).toEqual([]);
    await mkdir(RESULTS, { recursive: true });
    await page.screenshot({ path: new URL('widget-german.png', RESULTS).pathname });
  });

  it('asks for the page’s <html lang>, whatever the browser’s language', async () => {
    const german = await open('/?lang=de', 'en-US');
    await expect.poll(() => shown(german)).toEqual(['de:Dunkelmodus', 'en:Only in English']);
    const english = await open('/?lang=en', 'de-DE');
    await expect.poll(() => shown(english)).toEqual(['en:Dark mode', 'en:Only in English']);
  });

  it('takes data-locale over the page’s language, and subscribes in it', async () => {
    const page = await open('/?lang=de&locale=fr', 'de-DE');
    await expect.poll(() => shown(page)).toEqual(['fr:Mode sombre', 'en:Only in English']);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: new URL('widget-data-locale.png', RESULTS).pathname });
    const form = page.locator('shiplog-widget [part="subscribe"]');
    await form.locator('input').fill('lecteur@example.com');
    await form.locator('button').click();
    await expect
      .poll(() => form.locator('[role="status"]').textContent())
      .toContain('open the link we just emailed');
    const [row] = await server.db.sql<{ locale: string | null }[]>`
      select locale from subscribers where project_id = ${owner.project.id} and email = 'lecteur@example.com'`;
    expect(row?.locale).toBe('fr');
  });

  it('a page language that is not a BCP 47 tag is not sent: the browser’s language decides', async () => {
    const page = await open('/?lang=de_DE', 'fr-FR');
    await expect.poll(() => shown(page)).toEqual(['fr:Mode sombre', 'en:Only in English']);
  });
});
