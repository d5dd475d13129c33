/// <reference lib="dom" />
/**
 * The dashboard's languages in Chromium (issue 39 item 6, docs/languages.md "Drafting translations"):
 * Settings sets the other languages; the entries list names the translations an entry misses; the
 * editor has a tab per locale, the default first; `Draft translation` fills a locale's tab with the AI
 * provider's draft (nock serving a hand-written chat-completions answer) without saving it, and
 * `Save draft` saves it. Found by roles and accessible names; axe-core clean in light and dark, at
 * 1280 and 375 px; screenshots into test-results/.
 */
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../server/db/projects.ts';
import { type SignedInUser, signedInUser } from '../helpers/dashboard.ts';
import { type Look, screenshot } from '../helpers/dashboard-browser.ts';
import { LOOKS, pageProblems, useDashboardInChromium } from '../helpers/dashboard-chromium.ts';
import { AI_BASE_URL, aiScope, openaiFixture } from '../helpers/openai-fixtures.ts';

const dashboard = useDashboardInChromium({
  env: { OPENAI_API_KEY: 'sk-test-0123456789abcdefwxyz', OPENAI_BASE_URL: AI_BASE_URL },
});
const { live } = dashboard;
const german = JSON.parse(
  (openaiFixture('chat-completion-translation-de') as any).choices[0].message.content,
);
let project: ProjectRow;
let owner: SignedInUser;
let entryId: string;

beforeAll(async () => {
  project = (await live.server.project('pro')).project;
  owner = await signedInUser(live.server, [{ projectId: project.id, role: 'owner' }]);
  const res = await live.server.app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers: { ...owner.headers, 'shiplog-project': project.slug },
    payload: { title: 'Dark mode', body: 'Toggle it in **Settings**.', summary: 'The app can be dark.' },
  });
  entryId = res.json().entry.id;
});
afterEach(() => nock.cleanAll());

const open = (path: string, look: Look = {}) =>
  dashboard.openAs(owner, `/app/p/${project.slug}${path}`, look);
const stored = async () =>
  (
    await live.server.app.inject({
      url: `/api/v1/entries/${entryId}`,
      headers: { ...owner.headers, 'shiplog-project': project.slug },
    })
  ).json().entry;

describe('languages in the dashboard', () => {
  it('Settings sets the other languages; the list names what each entry misses', async () => {
    // The refused save below is a 400 the browser logs.
    dashboard.expectErrors(/status of 400/);
    const { page } = await open('/settings');
    const languages = page.getByRole('region', { name: 'Languages' });
    await languages.getByLabel('Other languages').fill('de, es_ES');
    await languages.getByRole('button', { name: 'Save languages' }).click();
    // The server's refusal, at the field, naming the tag.
    await languages
      .getByText(/es_ES: /)
      .first()
      .waitFor();
    await languages.getByLabel('Other languages').fill('de, fr');
    await languages.getByRole('button', { name: 'Save languages' }).click();
    await languages.getByText('Languages saved.').waitFor();
    await languages
      .getByText('Entries are written in English (en) and translated into German (de), French (fr).')
      .waitFor();

    await page.getByRole('link', { name: 'Entries' }).first().click();
    const item = page.getByRole('listitem').filter({ hasText: 'Dark mode' });
    await item.getByText('Missing translations: de, fr').waitFor();
  });

  it('the editor: a tab per locale; Draft translation fills a tab for review; Save draft saves it', async () => {
    const { page } = await open(`/entries/${entryId}`);
    const tabs = page.getByRole('tablist', { name: 'Language' });
    await tabs.getByRole('tab', { name: /French/ }).waitFor();
    const names = await tabs.getByRole('tab').allTextContents();
    expect(names).toEqual(['English (en)Default', 'German (de)Not translated', 'French (fr)Not translated']);
    expect(await tabs.getByRole('tab', { name: 'English (en) Default' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('tabpanel').getByLabel('Title').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Dark mode');

    // Arrow keys move between the tabs (ARIA's tabs pattern).
    await tabs.getByRole('tab', { name: /English/ }).focus();
    await page.keyboard.press('ArrowRight');
    const germanTab = tabs.getByRole('tab', { name: /German \(de\)/ });
    expect(await germanTab.getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel', { name: /German/ });
    expect(await panel.getByLabel('Title').inputValue()).toBe('');

    let sent: any;
    const scope = aiScope()
      .post('/v1/chat/completions', (body) => {
        sent = body;
        return true;
      })
      .reply(200, openaiFixture('chat-completion-translation-de') as object);
    await panel.getByRole('button', { name: 'Draft translation' }).click();
    await panel.getByText(/review it, then save/).waitFor();
    expect(scope.isDone()).toBe(true);
    expect(sent.messages[0].content).toContain('into German (de)');
    expect(await panel.getByLabel('Title').inputValue()).toBe(german.title);
    expect(await panel.getByLabel('Summary').inputValue()).toBe(german.summary);
    await page.getByText('Unsaved changes').waitFor();
    // Drafted, not saved.
    expect((await stored()).translations).toEqual({});
    // The preview shows the German body, rendered by the server.
    await page.getByRole('region', { name: 'Preview' }).getByText('Fehlerbehebungen').waitFor();
    expect(await germanTab.textContent()).toBe('German (de)');

    await screenshot(page, 'dashboard-editor-translation-drafted');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved.').waitFor();
    const entry = await stored();
    expect(entry.translations.de).toMatchObject({ title: german.title, summary: german.summary });
    expect(entry.translatedLocales).toEqual(['de']);

    // French by hand.
    await tabs.getByRole('tab', { name: /French/ }).click();
    const french = page.getByRole('tabpanel', { name: /French/ });
    await french.getByLabel('Title').fill('Mode sombre');
    await french.getByLabel('Body').fill('Activez-le dans les **Réglages**.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(async () => (await stored()).translatedLocales).toEqual(['de', 'fr']);
    expect((await stored()).translations.fr).toMatchObject({ title: 'Mode sombre', summary: null });
  });

  it('is axe-clean in light and dark, at 1280 and 375 px (editor on a locale tab, entries, settings)', async () => {
    const problems: string[] = [];
    for (const look of LOOKS) {
      const tag = `${look.colorScheme}-${look.width}`;
      const { page } = await open(`/entries/${entryId}`, look);
      await page.getByRole('tab', { name: /French/ }).click();
      await page.getByRole('button', { name: 'Draft translation' }).waitFor();
      await page.waitForLoadState('networkidle');
      problems.push(...(await pageProblems(page, `editor ${tag}`)));
      await screenshot(page, `dashboard-editor-languages-${tag}`);

      const list = await open('', look);
      await list.page.getByRole('heading', { level: 1, name: 'Entries' }).waitFor();
      await list.page.waitForLoadState('networkidle');
      problems.push(...(await pageProblems(list.page, `entries ${tag}`)));

      const settings = await open('/settings', look);
      await settings.page.getByRole('region', { name: 'Languages' }).getByLabel('Other languages').waitFor();
      await settings.page.waitForLoadState('networkidle');
      problems.push(...(await pageProblems(settings.page, `settings ${tag}`)));
      await screenshot(settings.page, `dashboard-settings-languages-${tag}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
