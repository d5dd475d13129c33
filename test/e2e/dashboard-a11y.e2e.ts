/// <reference lib="dom" />
/**
 * Every dashboard page (docs/api.md#pages): axe-core finds no serious or critical
 * WCAG 2.1 A/AA violation, in light and dark, at 1280 px and at 375 px (where nothing overflows
 * sideways); no CSP violation and no console error on any. Screenshots of each go to test-results/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSetupLink } from '../../server/services/accounts/set-up-first-account.ts';
import { PASSWORD, signIn } from '../helpers/dashboard.ts';
import {
  type DashboardServer,
  openPage,
  PNG,
  screenshot,
  startDashboardServer,
} from '../helpers/dashboard-browser.ts';
import { linkIn } from '../helpers/smtp-inbox.ts';
import { axeViolations, launchChromium } from '../helpers/widget-host.ts';

const LOOKS = [
  { colorScheme: 'light', width: 1280 },
  { colorScheme: 'dark', width: 1280 },
  { colorScheme: 'light', width: 375 },
  { colorScheme: 'dark', width: 375 },
] as const;

type Visit = { name: string; path: string; heading: string; signedIn: boolean };

let live: DashboardServer;
let browser: Browser;
let setupPath: string;

beforeAll(async () => {
  live = await startDashboardServer();
  browser = await launchChromium();
  const link = new URL(await issueSetupLink(live.server.db.sql, live.url));
  setupPath = link.pathname.replace(/^\/app/, '') + link.search;
});
afterAll(async () => {
  await browser?.close();
  await live?.close();
});

/** Visit each page in each look; returns every problem found, named by page and look. */
async function audit(visits: Visit[], cookie?: string): Promise<string[]> {
  const problems: string[] = [];
  for (const look of LOOKS) {
    for (const visit of visits) {
      const tag = `${visit.name} ${look.colorScheme} ${look.width}px`;
      const { context, page, watched } = await openPage(browser, look);
      if (visit.signedIn && cookie) {
        await context.addCookies([{ name: 'shiplog_session', value: cookie, url: live.url }]);
      }
      await page.goto(`${live.url}/app${visit.path}`);
      await page.getByRole('heading', { level: 1, name: visit.heading }).waitFor();
      await page.waitForLoadState('networkidle');
      for (const v of await axeViolations(page)) problems.push(`${tag}: axe ${v}`);
      const overflow = await page.evaluate(() => {
        const by = document.documentElement.scrollWidth - window.innerWidth;
        const culprits = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
        return by > 0 ? `${by}px of horizontal overflow (${culprits.join(', ')})` : '';
      });
      if (overflow) problems.push(`${tag}: ${overflow}`);
      await screenshot(page, `dashboard-${visit.name}-${look.colorScheme}-${look.width}`);
      await context.close();
      // Signed out, the app asks who is signed in once: that 401 is the answer, not an error.
      const errors = watched.errors.filter((e) => !(!visit.signedIn && /status of 401/.test(e)));
      problems.push(...watched.violations.map((v) => `${tag}: CSP ${v}`));
      problems.push(...errors.map((e) => `${tag}: console ${e}`));
      problems.push(...watched.dialogs.map((d) => `${tag}: dialog ${d}`));
    }
  }
  return problems;
}

describe('dashboard accessibility', () => {
  it('signed-out pages: setup, sign in, password reset (request and new password)', async () => {
    const problems = await audit([
      { name: 'setup', path: setupPath, heading: 'Set up Shiplog', signedIn: false },
      { name: 'sign-in', path: '/sign-in', heading: 'Sign in to Shiplog', signedIn: false },
      { name: 'reset', path: '/reset', heading: 'Reset your password', signedIn: false },
      { name: 'reset-confirm', path: '/reset?token=x', heading: 'Reset your password', signedIn: false },
    ]);
    expect(problems).toEqual([]);
  }, 600_000);

  it('signed-in pages, and the invitation page', async () => {
    const origin = { origin: live.url };
    const setup = await live.server.app.inject({
      method: 'POST',
      url: '/api/dashboard/setup',
      headers: origin,
      payload: {
        token: new URLSearchParams(setupPath.split('?')[1]).get('token'),
        email: 'owner@example.com',
        password: PASSWORD,
        project: { name: 'Acme App', slug: 'acme' },
      },
    });
    expect(setup.statusCode).toBe(201);
    const owner = await signIn(live.server, 'owner@example.com');
    const headers = { ...owner.headers, 'shiplog-project': 'acme' };
    const call = async (method: 'POST' | 'PATCH', url: string, payload: object, raw = false) => {
      const res = await live.server.app.inject({
        method,
        url,
        headers: raw ? { ...headers, 'content-type': 'image/png' } : headers,
        payload: raw ? PNG : payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const image = await call('POST', '/api/dashboard/projects/acme/uploads', {}, true);
    const published = await call('POST', '/api/v1/entries', {
      title: 'Dark mode',
      body: `Toggle it in **Settings**.\n\n![Dark mode](${image.url})`,
      version: '2.0.0',
      publish: true,
    });
    await call('POST', '/api/v1/entries', {
      title: 'Faster search',
      body: 'Twice as fast.',
      category: 'improvement',
    });
    await call('POST', '/api/dashboard/projects/acme/keys', { name: 'GitHub Action' });
    await call('POST', '/api/dashboard/projects/acme/members', {
      email: 'writer@example.com',
      role: 'publisher',
    });
    const invite = new URL(
      linkIn(await live.inbox.next('writer@example.com'), `${live.url}/app/invite?token=`),
    );

    const problems = await audit(
      [
        { name: 'entries', path: '/p/acme', heading: 'Entries', signedIn: true },
        { name: 'editor-new', path: '/p/acme/entries/new', heading: 'New entry', signedIn: true },
        {
          name: 'editor',
          path: `/p/acme/entries/${published.entry.id}`,
          heading: 'Edit entry',
          signedIn: true,
        },
        { name: 'settings', path: '/p/acme/settings', heading: 'Settings', signedIn: true },
        { name: 'keys', path: '/p/acme/keys', heading: 'API keys', signedIn: true },
        { name: 'members', path: '/p/acme/members', heading: 'Members', signedIn: true },
        { name: 'account', path: '/account', heading: 'Account', signedIn: true },
        { name: 'new-project', path: '/projects/new', heading: 'New project', signedIn: true },
        { name: 'invite', path: `/invite${invite.search}`, heading: 'Join a project', signedIn: false },
      ],
      owner.cookie.split('=')[1],
    );
    expect(problems).toEqual([]);
  }, 600_000);
});
