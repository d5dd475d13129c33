/// <reference lib="dom" />
/**
 * The dashboard's header inside a project (issue 30 item 8): on a /app/p/{slug}/… page, Account,
 * Projects → New project, Projects → another project, the brand and Sign out lead to the app's own
 * pages (/app/account, /app/projects/new, /app/p/{other}, /app, /app/sign-in), not to addresses under
 * the project. An unknown address, inside a project or not, says "Page not found" with a link back.
 * In Chromium, by roles and names; axe-core and no horizontal overflow on the not-found pages at 1280
 * and 375 px; no CSP violation, console error or dialog. Screenshots into test-results/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../helpers/dashboard.ts';
import { type Look, screenshot } from '../helpers/dashboard-browser.ts';
import { pageProblems, useDashboardInChromium } from '../helpers/dashboard-chromium.ts';

// Signing out asks who is signed in once more: that 401 is the answer, not an error.
const dashboard = useDashboardInChromium({ allowErrors: [/status of 401/] });
const { live } = dashboard;
let email: string;

beforeAll(async () => {
  const acme = (await live.server.project('free', 'acme')).project;
  const beta = (await live.server.project('free', 'beta')).project;
  email = (
    await createUser(live.server, [
      { projectId: acme.id, role: 'owner' },
      { projectId: beta.id, role: 'owner' },
    ])
  ).email;
});
const at = (path: string) => `${live.url}/app${path}`;

/** A page signed in with a session of its own (signing out in one test ends no other's). */
async function open(path: string, look: Look = {}): Promise<Page> {
  return (await dashboard.openAs(await signIn(live.server, email), `/app${path}`, look)).page;
}
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const banner = (page: Page) => page.getByRole('banner');
const projectsMenu = async (page: Page) => {
  await banner(page).getByText('Projects', { exact: true }).click();
  return banner(page).getByRole('list');
};

describe('the header inside a project', () => {
  it('Account leads to /app/account from any project page', async () => {
    for (const path of ['/p/acme', '/p/acme/settings', '/p/acme/entries/new']) {
      const page = await open(path);
      await page.getByRole('navigation', { name: 'Project Project acme' }).waitFor();
      const account = banner(page).getByRole('link', { name: 'Account' });
      expect(await account.getAttribute('href'), path).toBe('/app/account');
      await account.click();
      await heading(page, 'Account');
      expect(page.url(), path).toBe(at('/account'));
    }
  });

  it('Projects → New project and Projects → another project leave the project', async () => {
    const page = await open('/p/acme/members');
    await heading(page, 'Members');
    let menu = await projectsMenu(page);
    await menu.getByRole('link', { name: 'New project' }).click();
    await heading(page, 'New project');
    expect(page.url()).toBe(at('/projects/new'));
    expect(await page.getByRole('link', { name: 'New project' }).isVisible(), 'the menu closed').toBe(false);

    await page.goto(at('/p/acme/settings'));
    await heading(page, 'Settings');
    menu = await projectsMenu(page);
    expect(await menu.getByRole('link', { name: 'Project beta' }).getAttribute('href')).toBe('/app/p/beta');
    await menu.getByRole('link', { name: 'Project beta' }).click();
    await heading(page, 'Entries');
    expect(page.url()).toBe(at('/p/beta'));
    await page.getByRole('navigation', { name: 'Project Project beta' }).waitFor();
  });

  it('the brand leads to the first project, and Sign out to the sign-in page', async () => {
    const page = await open('/p/beta/analytics');
    await heading(page, 'Analytics');
    await banner(page).getByRole('link', { name: 'Shiplog' }).click();
    await page.getByRole('navigation', { name: 'Project Project acme' }).waitFor();
    expect(page.url()).toBe(at('/p/acme'));

    await page.goto(at('/p/acme/settings'));
    await heading(page, 'Settings');
    await banner(page).getByRole('button', { name: 'Sign out' }).click();
    await heading(page, 'Sign in to Shiplog');
    expect(page.url()).toBe(at('/sign-in'));
  });
});

describe('an unknown dashboard address', () => {
  const cases = [
    { name: 'in-project', path: '/p/acme/no-such-page', back: 'Back to the entries of Project acme' },
    { name: 'deep-in-project', path: '/p/acme/entries/x/y', back: 'Back to the entries of Project acme' },
    { name: 'top', path: '/no-such-page', back: 'Back to your projects' },
  ];
  for (const { path, back } of cases) {
    it(`${path} says "Page not found" and links back (${back})`, async () => {
      const page = await open(path);
      await heading(page, 'Page not found');
      expect(await page.title()).toBe('Page not found · Shiplog');
      await page.getByRole('main').getByRole('link', { name: back }).click();
      await page.getByRole('navigation', { name: 'Project Project acme' }).waitFor();
      await heading(page, 'Entries');
      expect(page.url()).toBe(at('/p/acme'));
    });
  }

  it('an unknown project says so and links back to the projects', async () => {
    dashboard.expectErrors(/status of 404/);
    const page = await open('/p/no-such-project/settings');
    await heading(page, 'Project unavailable');
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await heading(page, 'Entries');
    expect(page.url()).toBe(at('/p/acme'));
  });

  it('the not-found pages pass axe-core and fit at 1280 and 375 px', async () => {
    const problems: string[] = [];
    for (const width of [1280, 375]) {
      for (const { name, path } of cases) {
        const page = await open(path, { width });
        await heading(page, 'Page not found');
        problems.push(...(await pageProblems(page, `${path} ${width}px`)));
        await screenshot(page, `dashboard-not-found-${name}-${width}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
