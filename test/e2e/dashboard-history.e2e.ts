/// <reference lib="dom" />
/**
 * Import history and the drafting profile in Chromium (issue 31, docs/api.md#import-history-and-the-drafting-profile): a pasted CHANGELOG.md is read by the server's parser and previewed (version,
 * date, first line; what is skipped and why), `Import` makes its releases published entries that the
 * entry list shows with their dates, and the result and the Drafting page say what the profile learned
 * (from releases imported earlier with their commits, as the CLI sends them); an uploaded or dropped
 * file is previewed at once, and importing again replaces; `Reset profile` (confirmed) puts drafts back
 * on the defaults; the Drafting page says in one sentence how the learned drafts did on the releases
 * replayed, against plain ones; a contributor sees both pages read-only. axe-core clean at 1280 and 375 px, in light
 * and dark, with nothing overflowing; no CSP violation, console error or unannounced dialog.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../server/db/projects.ts';
import { type SignedInUser, signedInUser } from '../helpers/dashboard.ts';
import { type Look, screenshot } from '../helpers/dashboard-browser.ts';
import { LOOKS, pageProblems, useDashboardInChromium } from '../helpers/dashboard-chromium.ts';

/** Keep a Changelog, with what an import leaves out: Unreleased, a future date, no date. */
const CHANGELOG = `# Changelog

All notable changes to this project are documented here.

## [Unreleased]
### Added
- Something in progress

## [2.0.0] - 2999-01-01
### Added
- From the future

## [1.1.0] - 2024-03-01
### Added
- Dark mode for the widget (#21)
### Fixed
- The launcher no longer overlaps the cookie banner (#22)

## [1.0.0] - 2024-01-15
### Added
- First public release

## 0.1.0
- A version without a date
`;

/** An earlier release imported with its commits (as `shiplog import --git-dir` sends it): it teaches. */
const learned = (n: number) => ({
  version: `0.${n}.0`,
  publishedAt: new Date(Date.UTC(2023, n, 1)).toISOString(),
  notes: `### Added\n\n- Added export format number ${n}\n\n### Fixed\n\n- Fixed crash when the queue ${n} is empty\n`,
  commits: [
    `Add export format number ${n}`,
    `Crash when the queue ${n} is empty`,
    `Explain format ${n} in the guide`,
  ],
  commitDetails: [
    { index: 0, files: [`src/export/format${n}.rs`], additions: 120, deletions: 4 },
    { index: 1, files: ['src/queue.rs'], additions: 8, deletions: 2 },
    { index: 2, files: [`docs/export-${n}.md`], additions: 30, deletions: 0 },
  ],
});

const dashboard = useDashboardInChromium();
const { live } = dashboard;
let project: ProjectRow;
let owner: SignedInUser;
let contributor: SignedInUser;

beforeAll(async () => {
  project = (await live.server.project('free')).project;
  owner = await signedInUser(live.server, [{ projectId: project.id, role: 'owner' }]);
  contributor = await signedInUser(live.server, [{ projectId: project.id, role: 'contributor' }]);
  const res = await api('POST', '/api/v1/entries/import', {
    releases: [2, 3].map(learned),
    repository: 'acme/app',
  });
  expect(res.statusCode, res.body).toBe(201);
});

function api(method: 'GET' | 'POST', url: string, payload?: object) {
  const headers = { ...owner.headers, 'shiplog-project': project.slug };
  return live.server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const profile = async () => (await api('GET', '/api/v1/drafting/profile')).json().profile;

const open = (path: string, as = owner, look: Look = {}) =>
  dashboard.openAs(as, `/app/p/${project.slug}${path}`, look);
const rowsOf = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((r) => [...r.children].map((c) => c.textContent)));
/** The browser's own rendering of an instant, as the entry list writes it. */
const shown = (page: Page, iso: string) =>
  page.evaluate(
    (at) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    iso,
  );
const imported = () =>
  live.server.db.sql<{ version: string; publishedAt: Date; status: string }[]>`
    select version, published_at, status from entries
    where project_id = ${project.id} and origin = 'import' and version like '1.%' order by version`;

describe('import history and the drafting profile', () => {
  it('a pasted changelog is previewed, imported, listed with its dates, and the profile says what it learned', async () => {
    const { page } = await open('/history');
    await page.getByRole('heading', { level: 1, name: 'Import history' }).waitFor();
    await page.getByLabel('Changelog text').fill(CHANGELOG);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('table', { name: 'Releases in the changelog' }).waitFor();
    expect(await rowsOf(page, 'Releases in the changelog')).toEqual([
      ['1.1.0', '2024-03-01', 'Dark mode for the widget (#21)'],
      ['1.0.0', '2024-01-15', 'First public release'],
    ]);
    const skipped = page.getByRole('region', { name: 'Skipped' }).getByRole('listitem');
    expect(await skipped.allTextContents()).toEqual([
      '[Unreleased]: unreleased',
      '[2.0.0] - 2999-01-01: dated 2999-01-01, not yet',
      expect.stringMatching(/^0\.1\.0: no date in the heading/),
    ]);
    expect(await imported()).toEqual([]);
    await screenshot(page, 'dashboard-history-preview');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 2 releases, replaced 0, skipped 0.').waitFor();
    // The result, below the preview, takes the focus (and so comes into view).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Imported');
    const rows = await imported();
    expect(rows.map((r) => [r.version, r.publishedAt.toISOString(), r.status])).toEqual([
      ['1.0.0', '2024-01-15T00:00:00.000Z', 'published'],
      ['1.1.0', '2024-03-01T00:00:00.000Z', 'published'],
    ]);
    const { description } = await profile();
    expect(description).toMatch(/^Learned from 2 releases: /);
    await page.getByText(description).waitFor();
    await screenshot(page, 'dashboard-history-imported');

    await page.getByRole('link', { name: 'See the entries' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Published' });
    const item = (version: string) => panel.getByRole('listitem').filter({ hasText: ` · ${version} · ` });
    await item('1.1.0').waitFor();
    expect(await item('1.1.0').textContent()).toContain(
      `published ${await shown(page, '2024-03-01T00:00:00Z')}`,
    );
    expect(await item('1.0.0').textContent()).toContain(
      `published ${await shown(page, '2024-01-15T00:00:00Z')}`,
    );
    // Imported with its repository (as the CLI and the Action import): labelled as the changelog's.
    expect(await item('0.2.0').locator('.badge.source').textContent()).toBe(
      'Imported from the changelog of acme/app',
    );

    await page.getByRole('link', { name: 'Drafting', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Drafting profile' }).waitFor();
    await page.getByText(description).waitFor();
    // The profile proves itself: the two releases with commits replayed, in one sentence.
    const { validation } = await profile();
    expect(validation.releases).toBe(2);
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    await page
      .getByText(
        `On your last 2 releases, drafts with what Shiplog learned matched ${pct(validation.learned.recall)} ` +
          `of your notes; without, ${pct(validation.plain.recall)}.`,
        { exact: true },
      )
      .waitFor();
    const facts = await page.locator('.facts').innerText();
    expect(facts).toMatch(/Releases learned\s+2/);
    expect(await rowsOf(page, 'Listing rates')).toContainEqual([
      'Features',
      expect.stringMatching(/ %$/),
      '2',
    ]);
    await screenshot(page, 'dashboard-drafting');
  });

  it('an uploaded file is previewed at once, a dropped one too, and importing again replaces', async () => {
    const { page } = await open('/history');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload changelog file' }).click();
    await (
      await chooser
    ).setFiles({ name: 'CHANGELOG.md', mimeType: 'text/markdown', buffer: Buffer.from(CHANGELOG) });
    await page.getByRole('table', { name: 'Releases in the changelog' }).waitFor();
    expect(await page.getByLabel('Changelog text').inputValue()).toBe(CHANGELOG);
    expect((await rowsOf(page, 'Releases in the changelog')).map((r) => r[0])).toEqual(['1.1.0', '1.0.0']);

    const dropped = '# 1.1.0 (2024-03-02)\n\n- Dark mode, dated again\n';
    await page.getByLabel('Changelog text').evaluate((el, text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'CHANGES.md', { type: 'text/markdown' }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, dropped);
    await expect.poll(() => page.getByLabel('Changelog text').inputValue()).toBe(dropped);
    await expect
      .poll(() => rowsOf(page, 'Releases in the changelog'))
      .toEqual([['1.1.0', '2024-03-02', 'Dark mode, dated again']]);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 0 releases, replaced 1, skipped 0.').waitFor();
    const rows = await imported();
    expect(rows.find((r) => r.version === '1.1.0')!.publishedAt.toISOString()).toBe(
      '2024-03-02T00:00:00.000Z',
    );
  });

  it('an uploaded CHANGES.rst is read as reStructuredText, and the page says so', async () => {
    const rst = [
      'Changelog',
      '=========',
      '',
      '2.1.0 (2024-05-02)',
      '------------------',
      '',
      '- Add the ``--quiet`` flag. :pr:`12`',
      '',
      '2.0.0 (2024-04-01)',
      '------------------',
      '',
      '- First release with `docs <https://example.com/docs>`_.',
      '',
    ].join('\n');
    const { page } = await open('/history');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload changelog file' }).click();
    await (await chooser).setFiles({ name: 'CHANGES.rst', mimeType: 'text/x-rst', buffer: Buffer.from(rst) });
    await page.getByRole('table', { name: 'Releases in the changelog' }).waitFor();
    await page.getByText('Read as reStructuredText').waitFor();
    // The first line as Markdown: the literal is code, the role is gone, the link keeps its text.
    expect(await rowsOf(page, 'Releases in the changelog')).toEqual([
      ['2.1.0', '2024-05-02', expect.stringMatching(/^Add the `--quiet` flag\./)],
      [
        '2.0.0',
        '2024-04-01',
        expect.stringMatching(/^First release with \[docs\]\(https:\/\/example\.com\/docs\)/),
      ],
    ]);
    await screenshot(page, 'dashboard-history-rst');
  });

  it('an undated changelog is imported dated as the user says, in its order, and the page says it cannot learn', async () => {
    const { page } = await open('/history');
    const undated = '# Changelog\n\n## 5.1.0\n\n- Export to PDF\n\n## 5.0.0\n\n- Teams\n';
    await page.getByLabel('Changelog text').fill(undated);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Releases without a date' }).waitFor();
    expect(await page.getByRole('region', { name: 'Skipped' }).getByRole('listitem').count()).toBe(2);
    await page.getByLabel('Date for releases without one').fill('2025-05-20');
    await expect
      .poll(() => rowsOf(page, 'Releases in the changelog'))
      .toEqual([
        ['5.1.0', '2025-05-20', 'Export to PDF'],
        ['5.0.0', '2025-05-20', 'Teams'],
      ]);
    await screenshot(page, 'dashboard-history-undated');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 2 releases, replaced 0, skipped 0.').waitFor();
    // No repository is linked and this server has no GitHub App: the page says so, and what to do.
    const note = page.getByRole('status').filter({ hasText: 'cannot learn from these releases' });
    await note.waitFor();
    expect(await note.innerText()).toMatch(
      /no GitHub App to fetch them: import with the shiplog CLI’s import --git-dir/,
    );
    const rows = await live.server.db.sql<{ version: string; publishedAt: Date }[]>`
      select version, published_at from entries
      where project_id = ${project.id} and version like '5.%' order by version desc`;
    expect(rows.map((r) => [r.version, r.publishedAt.toISOString()])).toEqual([
      ['5.1.0', '2025-05-20T00:00:00.000Z'],
      ['5.0.0', '2025-05-19T23:59:00.000Z'],
    ]);
  });

  it('a contributor sees both pages read-only and is told why', async () => {
    const { page } = await open('/history', contributor);
    await page.getByText('Only publishers and owners import history.').waitFor();
    expect(await page.getByLabel('Changelog text').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload changelog file' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    await screenshot(page, 'dashboard-history-contributor');

    await page.getByRole('link', { name: 'Drafting', exact: true }).click();
    await page.getByText((await profile()).description).waitFor();
    await page.getByText('Only publishers and owners reset the profile.').waitFor();
    expect(await page.getByRole('button', { name: 'Reset profile' }).isDisabled()).toBe(true);
  });

  it('Reset profile asks first, then drafts go back to the built-in defaults', async () => {
    const { page, nextDialog } = await open('/drafting');
    await page.getByText(/^Learned from 2 releases/).waitFor();
    let asked = nextDialog(false);
    await page.getByRole('button', { name: 'Reset profile' }).click();
    expect(await asked).toMatch(/^Reset the drafting profile\?/);
    expect((await profile()).releasesLearned).toBe(2);

    asked = nextDialog(true);
    await page.getByRole('button', { name: 'Reset profile' }).click();
    await asked;
    await page.getByText('Profile reset: drafts follow the built-in defaults.').waitFor();
    await page.getByText(/^Nothing learned yet: drafts follow the built-in defaults/).waitFor();
    expect(await profile()).toMatchObject({ releasesLearned: 0 });
    expect(await page.locator('.facts').innerText()).toMatch(/Releases learned\s+0/);
  });

  it('both pages: axe-core clean in light and dark, at 1280 and 375 px, nothing overflows', async () => {
    const problems: string[] = [];
    for (const look of LOOKS) {
      for (const [path, heading] of [
        ['/history', 'Import history'],
        ['/drafting', 'Drafting profile'],
      ] as const) {
        const { page } = await open(path, owner, look);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (path === '/history') {
          await page.getByLabel('Changelog text').fill(CHANGELOG);
          await page.getByRole('button', { name: 'Preview' }).click();
          await page.getByRole('table', { name: 'Releases in the changelog' }).waitFor();
        }
        await page.waitForLoadState('networkidle');
        problems.push(...(await pageProblems(page, `${heading} ${look.colorScheme} ${look.width}px`)));
        await screenshot(page, `dashboard-${path.slice(1)}-${look.colorScheme}-${look.width}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
