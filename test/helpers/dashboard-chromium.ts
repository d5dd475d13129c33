/// <reference lib="dom" />
/**
 * One dashboard in Chromium for a whole test file: the live server (startDashboardServer) and the
 * browser, started in `beforeAll` (before any hook the file registers after this call) and closed in
 * `afterAll`. Every page opened through it is closed after each test, and the test fails on a CSP
 * violation, a console error or a dialog nobody announced that the file (or the test) did not expect.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  type DashboardPage,
  type DashboardServer,
  type Look,
  openPage,
  startDashboardServer,
} from './dashboard-browser.ts';
import { useChromium } from './use-chromium.ts';
import { axeViolations } from './widget-host.ts';

/** The four looks each page is audited in: light and dark, on a desktop and on a phone. */
export const LOOKS = [
  { colorScheme: 'light', width: 1280 },
  { colorScheme: 'dark', width: 1280 },
  { colorScheme: 'light', width: 375 },
  { colorScheme: 'dark', width: 375 },
] as const;

type StorageState = Parameters<typeof openPage>[2];

export type DashboardInChromium = {
  /** The live server, filled in place once `beforeAll` has run. */
  live: DashboardServer;
  /** A new watched page (openPage); `storageState` signs it in as another context was. */
  open(look?: Look, storageState?: StorageState): Promise<DashboardPage>;
  /** A new watched page with `user`'s session cookie (`shiplog_session=…`), gone to `path` (`/app…`). */
  openAs(user: { cookie: string }, path: string, look?: Look): Promise<DashboardPage>;
  /** Console errors the running test provokes on purpose (a 404 it asks for): not failures, this test only. */
  expectErrors(...patterns: RegExp[]): void;
};

export type DashboardInChromiumOptions = {
  /** Configuration for startDashboardServer. */
  env?: Record<string, string>;
  /** Console errors no test of the file counts as failures (each says why where it is passed). */
  allowErrors?: RegExp[];
  /** CSP violations (`directive source`, as watch() records them) no test of the file counts. */
  allowViolations?: string[];
};

export function useDashboardInChromium(options: DashboardInChromiumOptions = {}): DashboardInChromium {
  const chromium = useChromium();
  const live = {} as DashboardServer;
  const opened: DashboardPage[] = [];
  let expected: RegExp[] = [];
  beforeAll(async () => {
    Object.assign(live, await startDashboardServer(options.env));
  });
  afterAll(async () => {
    await live.close?.();
  });
  afterEach(async () => {
    const allowed = [...(options.allowErrors ?? []), ...expected];
    expected = [];
    for (const { context, watched } of opened.splice(0)) {
      await context.close();
      const violations = watched.violations.filter((v) => !options.allowViolations?.includes(v));
      expect(violations, 'CSP violations').toEqual([]);
      const errors = watched.errors.filter((e) => !allowed.some((re) => re.test(e)));
      expect(errors, 'console errors').toEqual([]);
      expect(watched.dialogs, 'unexpected dialogs').toEqual([]);
    }
  });
  const open = async (look: Look = {}, storageState?: StorageState) => {
    const opening = await openPage(chromium.browser(), look, storageState);
    opened.push(opening);
    return opening;
  };
  return {
    live,
    open,
    async openAs(user, path, look = {}) {
      const opening = await open(look);
      const value = user.cookie.slice(user.cookie.indexOf('=') + 1);
      await opening.context.addCookies([{ name: 'shiplog_session', value, url: live.url }]);
      await opening.page.goto(`${live.url}${path}`);
      return opening;
    },
    expectErrors(...patterns) {
      expected.push(...patterns);
    },
  };
}

/**
 * What is wrong with `page` as it is: each axe-core violation, and any horizontal overflow (in px),
 * each prefixed by `tag` (which page, in which look).
 */
export async function pageProblems(page: Page, tag: string): Promise<string[]> {
  const problems = (await axeViolations(page)).map((v) => `${tag}: ${v}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${tag}: ${overflow}px of horizontal overflow`);
  return problems;
}
