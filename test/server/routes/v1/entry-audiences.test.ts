/**
 * Segments, summary and announce on entries (issue 33 items 3-5; docs/api.md#readers-and-audiences-segments-summary-announcements):
 * through create, PATCH and generate, returned in the entry; segments and announce are a publisher's
 * (a contributor setting them is `403`, keeping them as they are is not); a draft's summary is written
 * from its highlights in plain words when the caller gives none.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { useMemberHeaders } from '../../../helpers/dashboard.ts';

const {
  server,
  headers: keyHeaders,
  owner,
} = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
const contributor = useMemberHeaders(server, () => owner.project, 'contributor');

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

async function entry(id: string) {
  const res = await inject('GET', `/api/v1/entries/${id}`, keyHeaders);
  expect(res.statusCode).toBe(200);
  return res.json().entry;
}

describe('the entry fields', () => {
  it('stores segments (trimmed, repeats dropped), summary and announce, and returns them', async () => {
    const made = await postEntry(server.app, keyHeaders, {
      title: 'SSO for teams',
      segments: [' enterprise ', 'beta', 'enterprise'],
      summary: '  Sign in with your company account.  ',
      announce: true,
    });
    const got = await entry(made.id);
    expect(got).toMatchObject({
      segments: ['enterprise', 'beta'],
      summary: 'Sign in with your company account.',
      announce: true,
    });
    const listed = await inject('GET', '/api/v1/entries', keyHeaders);
    expect(listed.json().entries.find((e: { id: string }) => e.id === made.id)).toMatchObject({
      segments: ['enterprise', 'beta'],
      announce: true,
    });
  });

  it('defaults to everyone, no summary, not announced', async () => {
    const made = await postEntry(server.app, keyHeaders, { title: 'Plain entry' });
    expect(await entry(made.id)).toMatchObject({ segments: [], summary: null, announce: false });
  });

  it('PATCH changes them; summary null clears it', async () => {
    const made = await postEntry(server.app, keyHeaders, { title: 'Patch me', summary: 'Short words.' });
    const res = await inject('PATCH', `/api/v1/entries/${made.id}`, keyHeaders, {
      segments: ['beta'],
      announce: true,
      summary: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry).toMatchObject({ segments: ['beta'], announce: true, summary: null });
    const back = await inject('PATCH', `/api/v1/entries/${made.id}`, keyHeaders, { segments: [] });
    expect(back.json().entry.segments).toEqual([]);
  });

  it.each([
    ['21 segments', { segments: Array.from({ length: 21 }, (_, i) => `s${i}`) }],
    ['a 41-character segment', { segments: ['x'.repeat(41)] }],
    ['a blank segment', { segments: ['  '] }],
    ['a 501-character summary', { summary: 'y'.repeat(501) }],
    ['a blank summary', { summary: '   ' }],
    ['announce not a boolean', { announce: 'yes' }],
  ])('refuses %s with 400', async (_name, fields) => {
    const res = await inject('POST', '/api/v1/entries', keyHeaders, { title: 'Bad', body: 'x', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid');
  });
});

describe('who may set them', () => {
  it('a contributor setting segments or announce on a new entry is 403; a summary is theirs', async () => {
    for (const fields of [{ segments: ['beta'] }, { announce: true }]) {
      const res = await inject('POST', '/api/v1/entries', contributor, {
        title: 'Mine',
        body: 'x',
        ...fields,
      });
      expect(res.statusCode, JSON.stringify(fields)).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const ok = await inject('POST', '/api/v1/entries', contributor, {
      title: 'Mine',
      body: 'x',
      summary: 'Plain words.',
      segments: [],
      announce: false,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("a contributor may not change a draft's segments or announce, but may save them unchanged", async () => {
    const made = await postEntry(server.app, keyHeaders, { title: 'Beta draft', segments: ['beta'] });
    const segments = await inject('PATCH', `/api/v1/entries/${made.id}`, contributor, { segments: ['ga'] });
    expect(segments.statusCode).toBe(403);
    const announce = await inject('PATCH', `/api/v1/entries/${made.id}`, contributor, { announce: true });
    expect(announce.statusCode).toBe(403);
    expect(await entry(made.id)).toMatchObject({ segments: ['beta'], announce: false });
    const same = await inject('PATCH', `/api/v1/entries/${made.id}`, contributor, {
      title: 'Beta draft, edited',
      segments: ['beta'],
      announce: false,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().entry).toMatchObject({ title: 'Beta draft, edited', segments: ['beta'] });
  });

  it('a contributor generating with segments or announce is 403; a publisher (key) may', async () => {
    const body = { commits: ['feat: dark mode'], segments: ['beta'] };
    const refused = await inject('POST', '/api/v1/entries/generate', contributor, body);
    expect(refused.statusCode).toBe(403);
    const announce = await inject('POST', '/api/v1/entries/generate', contributor, {
      commits: ['feat: dark mode'],
      announce: true,
    });
    expect(announce.statusCode).toBe(403);
    const made = await inject('POST', '/api/v1/entries/generate', keyHeaders, { ...body, announce: true });
    expect(made.statusCode, made.body).toBe(201);
    expect(await entry(made.json().entry.id)).toMatchObject({ segments: ['beta'], announce: true });
  });
});

describe("a draft's summary", () => {
  it('is written from its highlights in plain words when generate is given none', async () => {
    const res = await inject('POST', '/api/v1/entries/generate', keyHeaders, {
      commits: [
        'feat: add `dark mode` to the **dashboard** (#12)',
        'fix: crash when the <b>title</b> is empty (#13)',
        'chore: bump deps',
      ],
      repository: 'octo/app',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { draft } = res.json();
    expect(draft.highlights.length).toBeGreaterThan(0);
    const got = await entry(res.json().entry.id);
    expect(got.summary).toMatch(/dark mode/i);
    expect(got.summary.length).toBeLessThanOrEqual(500);
    // Plain words: no Markdown or HTML of the highlights survives.
    expect(got.summary).not.toMatch(/[`*<>[\]]|\]\(/);
  });

  it("keeps the caller's summary", async () => {
    const res = await inject('POST', '/api/v1/entries/generate', keyHeaders, {
      commits: ['feat: add dark mode'],
      summary: 'Dark mode is here.',
    });
    expect(res.statusCode).toBe(201);
    expect((await entry(res.json().entry.id)).summary).toBe('Dark mode is here.');
  });
});
