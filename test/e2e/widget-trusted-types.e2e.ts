/// <reference lib="dom" />
/**
 * The widget on host pages that enforce Trusted Types (CSP `require-trusted-types-for 'script'`), in
 * Debian's Chromium: entries still show, their sanitized HTML through the widget's `shiplog` policy;
 * where the host allows no such policy (`trusted-types` without `shiplog`), as text; and nothing throws.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWidgetWorld, type Watched } from '../helpers/widget-host.ts';

const { publish, hostSite, openPage } = useWidgetWorld();

beforeAll(async () => {
  await publish(
    'Faster search',
    'Search is **twice** as fast. See [the docs](https://docs.example.com/search).',
  );
  await publish('Dark mode', 'Toggle it in **Settings**.\n\n- one\n- two & three');
});

async function openUnder(csp: string[]): Promise<{ page: Page; watched: Watched }> {
  const host = await hostSite({ csp });
  const { page, watched } = await openPage({ viewport: { width: 1280, height: 800 } }, { clean: false });
  await page.goto(host.url);
  await page.locator('shiplog-widget [part="launcher"]').click();
  await page.locator('shiplog-widget [part="entry"]').first().waitFor();
  return { page, watched };
}
const body = (page: Page, title: string) =>
  page.locator('shiplog-widget [part="entry"]', { hasText: title }).locator('.body');
/** Does the page enforce Trusted Types? A plain string into innerHTML must throw. */
const enforced = (page: Page) =>
  page.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
      return false;
    } catch {
      return true;
    }
  });

describe('the widget under Trusted Types', () => {
  it("renders entries' sanitized HTML through its policy, with no violation and no error", async () => {
    const { page, watched } = await openUnder(["require-trusted-types-for 'script'"]);
    expect(await body(page, 'Faster search').locator('strong').textContent()).toBe('twice');
    expect(await body(page, 'Faster search').locator('a').getAttribute('href')).toBe(
      'https://docs.example.com/search',
    );
    expect(await body(page, 'Dark mode').locator('li').allTextContents()).toEqual(['one', 'two & three']);
    // The probe itself is refused and reported: everything else on the page is the widget's.
    const before = { violations: [...watched.violations], errors: [...watched.errors] };
    expect(await enforced(page)).toBe(true);
    expect(before).toEqual({ violations: [], errors: [] });
    expect(watched.dialogs).toEqual([]);
  });

  it('works the same where the host names the policy in trusted-types', async () => {
    const { page, watched } = await openUnder([
      "require-trusted-types-for 'script'",
      'trusted-types shiplog',
    ]);
    expect(await body(page, 'Faster search').locator('strong').textContent()).toBe('twice');
    expect(watched).toEqual({ violations: [], errors: [], dialogs: [] });
  });

  it('shows the entries as text where the host allows no policy, and throws nothing', async () => {
    const { page, watched } = await openUnder(["require-trusted-types-for 'script'", "trusted-types 'none'"]);
    const search = body(page, 'Faster search');
    expect(await search.textContent()).toBe('Search is twice as fast. See the docs.');
    expect(await search.locator('*').count()).toBe(0);
    expect(await body(page, 'Dark mode').textContent()).toBe('Toggle it in Settings.\n• one\n• two & three');
    expect(await page.locator('shiplog-widget [part="reaction"]').count()).toBeGreaterThan(0);
    // Only the refused policy is reported (Chromium logs it as a console error too); no exception.
    expect(watched.violations.every((v) => v.startsWith('trusted-types'))).toBe(true);
    expect(watched.errors.filter((e) => !/TrustedTypePolicy|trusted-types/i.test(e))).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });
});
