/// <reference lib="dom" />
/**
 * Readers and audiences in the dashboard, in Chromium (issue 33), through roles and accessible names:
 * the entry editor's `Summary` (counted to 500), `Segments` picker (a checkbox per segment the project's
 * entries carry, `New segment` + `Add segment`) and `Announce in the widget`, saved through /api/v1; a
 * contributor sees the audience disabled and still saves a draft. Settings › Readers: `Create reader
 * secret` shows an `rsk_…` secret once with `Copy secret` (a token it signs is accepted), `Rotate reader
 * secret` (confirmed) says until when the previous one verifies, `Access` → Identified makes the widget
 * answer 401 to anonymous readers; a publisher sees it all read-only. axe-core clean in light and dark at
 * 1280 and 375 px; screenshots into test-results/ and docs/screenshots/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../server/db/projects.ts';
import { type SignedInUser, signedInUser } from '../helpers/dashboard.ts';
import { type Look, screenshot } from '../helpers/dashboard-browser.ts';
import { LOOKS, pageProblems, useDashboardInChromium } from '../helpers/dashboard-chromium.ts';
import { signReaderToken } from '../helpers/reader-tokens.ts';

const DOCS = new URL('../../docs/screenshots/', import.meta.url);

const dashboard = useDashboardInChromium();
const { live } = dashboard;
let project: ProjectRow;
let owner: SignedInUser;
let publisher: SignedInUser;
let contributor: SignedInUser;
let draftId: string;

beforeAll(async () => {
  project = (await live.server.project('pro')).project;
  const member = (role: 'owner' | 'publisher' | 'contributor') =>
    signedInUser(live.server, [{ projectId: project.id, role }]);
  owner = await member('owner');
  publisher = await member('publisher');
  contributor = await member('contributor');
  const made = await api('POST', '/api/v1/entries', {
    title: 'Audit log export',
    body: 'For admins.',
    segments: ['enterprise', 'beta'],
    publish: true,
  });
  expect(made.statusCode, made.body).toBe(201);
  const draft = await api('POST', '/api/v1/entries', {
    title: 'Beta draft',
    body: 'Soon.',
    segments: ['beta'],
  });
  draftId = draft.json().entry.id;
});

function api(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = owner) {
  const headers = { ...as.headers, 'shiplog-project': project.slug };
  return live.server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const open = (path: string, as = owner, look: Look = {}) =>
  dashboard.openAs(as, `/app/p/${project.slug}${path}`, look);
const segments = (page: Page) => page.getByRole('group', { name: 'Segments' });
const widget = (headers: Record<string, string> = {}) =>
  live.server.app.inject({ method: 'GET', url: `/api/widget/${project.slug}`, headers });

describe('the entry editor: summary, segments and announcement', () => {
  it('a publisher picks known segments, adds one, writes a summary, announces and publishes', async () => {
    const { page } = await open('/entries/new');
    await page.getByLabel('Title').fill('Single sign-on');
    await page
      .getByLabel('Body', { exact: true })
      .fill('SAML 2.0 and OIDC, per workspace. Set it up in **Security**.');
    const summary = page.getByLabel('Summary');
    await summary.fill('x'.repeat(501));
    await page.getByText('501 of at most 500 characters: 1 too many').waitFor();
    expect(await summary.getAttribute('aria-invalid')).toBe('true');
    await summary.fill('Sign in with your company account.');

    // The segments the project's entries carry, each once, alphabetical; none checked for a new entry.
    const boxes = segments(page).getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(2);
    expect(
      await Promise.all((await boxes.all()).map((b) => b.evaluate((n) => n.parentElement?.textContent))),
    ).toEqual(['beta', 'enterprise']);
    await segments(page).getByRole('checkbox', { name: 'enterprise' }).check();
    const fresh = segments(page).getByLabel('New segment');
    await fresh.fill('design partners');
    await fresh.press('Enter');
    expect(await segments(page).getByRole('checkbox', { name: 'design partners' }).isChecked()).toBe(true);
    expect(await fresh.inputValue()).toBe('');
    await page.getByRole('checkbox', { name: 'Announce in the widget' }).check();
    await screenshot(page, 'dashboard-editor-audience', new URL('editor-audience.png', DOCS));

    await page.getByRole('button', { name: 'Publish' }).click();
    // Created: the address becomes the entry's.
    await page.waitForURL(/\/entries\/ent_/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await api('GET', `/api/v1/entries/${id}`)).json().entry;
    expect([saved.summary, saved.segments, saved.announce]).toEqual([
      'Sign in with your company account.',
      ['enterprise', 'design partners'],
      true,
    ]);
    // The new segment is offered from now on, and the saved entry shows what it has.
    await page.reload();
    await expect.poll(() => boxes.count()).toBe(3);
    expect(await segments(page).getByRole('checkbox', { name: 'design partners' }).isChecked()).toBe(true);
    expect(await segments(page).getByRole('checkbox', { name: 'beta' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Announce in the widget' }).isChecked()).toBe(true);
  });

  it("a contributor sees who an entry is for, disabled, and saves the draft's text", async () => {
    const { page } = await open(`/entries/${draftId}`, contributor);
    await segments(page).getByRole('checkbox', { name: 'beta' }).waitFor();
    expect(await segments(page).getByRole('checkbox', { name: 'beta' }).isChecked()).toBe(true);
    expect(await segments(page).getByRole('checkbox', { name: 'beta' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Announce in the widget' }).isDisabled()).toBe(true);
    await page.getByText('Only publishers and owners choose who an entry is for.').waitFor();
    await page.getByLabel('Summary').fill('Coming soon for beta testers.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = (await api('GET', `/api/v1/entries/${draftId}`)).json().entry;
    expect([saved.summary, saved.segments]).toEqual(['Coming soon for beta testers.', ['beta']]);
  });
});

describe('Settings › Readers', () => {
  it('an owner creates the reader secret (shown once), rotates it, and makes the changelog identified', async () => {
    const { page, nextDialog } = await open('/settings');
    const readers = page.getByRole('region', { name: 'Readers' });
    await readers.getByText('No reader secret yet.').waitFor();
    await readers.getByRole('button', { name: 'Create reader secret' }).click();
    const shown = readers.getByLabel('New reader secret');
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^rsk_[0-9A-Za-z]{40}$/);
    await readers.getByRole('button', { name: 'Copy secret' }).click();
    await readers.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const token = await signReaderToken(secret, { sub: 'reader-1' });
    expect((await widget({ 'x-shiplog-reader': token })).statusCode).toBe(200);

    const asked = nextDialog(true);
    await readers.getByRole('button', { name: 'Rotate reader secret' }).click();
    expect(await asked).toMatch(/keeps working for 24 hours/);
    await expect.poll(() => shown.inputValue()).not.toBe(secret);
    await readers.getByText(/The one before it still verifies until /).waitFor();
    // The overlap: a page signed with the previous secret still works.
    expect((await widget({ 'x-shiplog-reader': token })).statusCode).toBe(200);

    await readers.getByLabel('Access').selectOption({ label: 'Identified: only readers your app signs in' });
    await readers.getByRole('button', { name: 'Save access' }).click();
    await readers.getByText('Access saved.').waitFor();
    expect((await api('GET', '/api/v1/project')).json().project.access).toBe('identified');
    expect((await widget()).statusCode).toBe(401);
    // The preview needs a reader token now: it says so instead of asking the widget.
    await page.getByText(/^Only identified readers may read this changelog/).waitFor();
    expect(await page.locator('shiplog-widget').count()).toBe(0);
    await screenshot(page, 'dashboard-settings-readers', new URL('settings-readers.png', DOCS));
  });

  it('a publisher sees access and the secret read-only', async () => {
    const { page } = await open('/settings', publisher);
    const readers = page.getByRole('region', { name: 'Readers' });
    await readers.getByText('Only owners change who may read the changelog.').waitFor();
    expect(await readers.getByLabel('Access').isDisabled()).toBe(true);
    expect(await readers.getByRole('button', { name: /reader secret$/ }).count()).toBe(0);
    await readers.getByText('Only owners create or rotate the reader secret.').waitFor();
  });

  it('editor and Settings: axe-core clean in light and dark, at 1280 and 375 px, nothing overflows', async () => {
    const problems: string[] = [];
    for (const look of LOOKS) {
      for (const [path, ready] of [
        [`/entries/${draftId}`, (p: Page) => segments(p).getByRole('checkbox', { name: 'beta' })],
        ['/settings', (p: Page) => p.getByRole('region', { name: 'Readers' }).getByLabel('Access')],
      ] as const) {
        const { page } = await open(path, owner, look);
        await ready(page).waitFor();
        await page.waitForLoadState('networkidle');
        problems.push(...(await pageProblems(page, `${path} ${look.colorScheme} ${look.width}px`)));
        await screenshot(
          page,
          `dashboard-readers-${path === '/settings' ? 'settings' : 'editor'}-${look.colorScheme}-${look.width}`,
        );
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
