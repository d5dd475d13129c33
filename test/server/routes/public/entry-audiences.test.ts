/**
 * Segments in every public surface, summary and body where each belongs, and the root page's list
 * (issue 33 items 3-4; docs/api.md#readers-and-audiences-segments-summary-announcements): an entry with segments is never in the
 * anonymous widget, feeds, page, entry page or reactions, nor counted; a reader whose segments name
 * it sees it; the widget carries summary, announce and the link to the whole entry; the page and
 * feeds carry the body; an `identified` project, or one with nothing for everyone, is not listed.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';

let server: TestServer;
let project: ProjectRow;
let headers: Record<string, string>;
let everyone: { id: string; slug: string };
let beta: { id: string; slug: string };

const BETA_BODY = 'Beta-only **body** words: quasar.';
const EVERYONE_BODY = 'The whole entry, with **all** the details: nebula.';

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  const made = await server.project('pro');
  project = made.project;
  headers = made.headers;
  everyone = await postEntry(server.app, headers, {
    title: 'Faster exports',
    body: EVERYONE_BODY,
    summary: 'Exports take seconds now.',
    announce: true,
    publish: true,
  });
  beta = await postEntry(server.app, headers, {
    title: 'Secret beta feature',
    body: BETA_BODY,
    segments: ['beta'],
    summary: 'Only for beta.',
    publish: true,
  });
});
afterAll(() => server.close());

const get = (url: string, extra: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: extra });

describe('an anonymous reader', () => {
  it('gets a widget without the segmented entry; summary, announce and the link to the whole entry', async () => {
    const res = await get(`/api/widget/${project.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(beta.id);
    expect(res.body).not.toContain('Secret beta');
    const { entries } = res.json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: everyone.id,
      summary: 'Exports take seconds now.',
      announce: true,
      url: `https://changelog.test/changelog/${project.slug}/${everyone.slug}`,
    });
    expect(entries[0].html).toContain('<strong>all</strong>');
  });

  it.each(['rss', 'atom', 'json'])(
    'gets the %s feed with bodies and without the segmented entry',
    async (f) => {
      const res = await get(`/api/feeds/${project.slug}/${f}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('nebula');
      expect(res.body).not.toContain('quasar');
      expect(res.body).not.toContain(beta.slug);
    },
  );

  it('gets the page with bodies and without the segmented entry; its own page is 404', async () => {
    const page = await get(`/changelog/${project.slug}`, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('nebula');
    expect(page.body).not.toContain('quasar');
    expect(page.body).not.toContain('Secret beta');
    const own = await get(`/changelog/${project.slug}/${beta.slug}`, { accept: 'text/html' });
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain('quasar');
  });

  it('cannot react to the segmented entry (404, as if it did not exist)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/reactions',
      payload: { entryId: beta.id, emoji: '👍', anonymousId: 'reader-0001' },
    });
    expect(res.statusCode).toBe(404);
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/reactions',
      payload: { entryId: everyone.id, emoji: '👍', anonymousId: 'reader-0001' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('a reader whose segments name the entry (their token)', () => {
  let secret: string;
  beforeAll(async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/project/reader-secret', headers });
    expect(res.statusCode, res.body).toBe(201);
    secret = res.json().secret;
  });
  const tokenFor = (sub: string, segments: string[]) =>
    new SignJWT({ segments })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));

  it('sees it in the widget; a reader of another segment does not, nor does the next anonymous one', async () => {
    const forBeta = await get(`/api/widget/${project.slug}`, {
      'x-shiplog-reader': await tokenFor('user-1', ['beta']),
    });
    expect(forBeta.statusCode, forBeta.body).toBe(200);
    expect(forBeta.json().entries.map((e: { id: string }) => e.id)).toEqual([beta.id, everyone.id]);
    const forOther = await get(`/api/widget/${project.slug}`, {
      'x-shiplog-reader': await tokenFor('user-2', ['enterprise']),
    });
    expect(forOther.body).not.toContain(beta.id);
    expect((await get(`/api/widget/${project.slug}`)).body).not.toContain(beta.id);
  });

  it('sees it in the feeds, the page and its own page (?token=); another reader does not', async () => {
    const betaToken = await tokenFor('user-1', ['beta']);
    const otherToken = await tokenFor('user-2', ['enterprise']);
    for (const path of [`/api/feeds/${project.slug}/json`, `/changelog/${project.slug}`]) {
      const seen = await get(`${path}?token=${betaToken}`);
      expect(seen.statusCode, path).toBe(200);
      expect(seen.body, path).toContain('quasar');
      const hidden = await get(`${path}?token=${otherToken}`);
      expect(hidden.body, path).not.toContain('quasar');
    }
    const own = await get(`/changelog/${project.slug}/${beta.slug}?token=${betaToken}`);
    expect(own.statusCode).toBe(200);
    // The reader's page links on with a link token made from theirs (never theirs: docs/readers.md
    // "Signed links"), and never sends it as a referrer.
    const link = /\/changelog\/[^/?"]+\?token=([^"&]+)"/.exec(own.body)![1]!;
    expect(link).not.toBe(betaToken);
    expect(own.body).not.toContain(betaToken);
    expect(own.body).toContain(`href="https://changelog.test/changelog/${project.slug}?token=${link}"`);
    expect(own.body).toContain(`/api/feeds/${project.slug}/rss?token=${link}"`);
    expect(own.body).toContain('<meta name="referrer" content="no-referrer">');
    const list = await get(`/changelog/${project.slug}?token=${link}`);
    expect(list.body).toContain('quasar');
    expect(list.body).toContain(`/changelog/${project.slug}/${beta.slug}?token=${link}"`);
    expect(list.body).toContain(`<input type="hidden" name="token" value="${link}">`);
    expect((await get(`/changelog/${project.slug}/${beta.slug}?token=${otherToken}`)).statusCode).toBe(404);
  });
});

describe("the root page's list of public changelogs", () => {
  it('leaves out identified projects and projects with nothing for everyone', async () => {
    const listed = await server.project('pro');
    await postEntry(server.app, listed.headers, { title: 'Public', publish: true });
    const identified = await server.project('pro');
    await postEntry(server.app, identified.headers, { title: 'Private', publish: true });
    await server.db.sql`update projects set access = 'identified' where id = ${identified.project.id}`;
    const segmentedOnly = await server.project('pro');
    await postEntry(server.app, segmentedOnly.headers, { title: 'Beta', segments: ['beta'], publish: true });

    const home = await get('/', { accept: 'text/html' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`/changelog/${listed.project.slug}`);
    expect(home.body).toContain(`/changelog/${project.slug}`);
    expect(home.body).not.toContain(`/changelog/${identified.project.slug}`);
    expect(home.body).not.toContain(`/changelog/${segmentedOnly.project.slug}`);
  });
});
