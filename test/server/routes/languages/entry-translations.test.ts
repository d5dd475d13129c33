/**
 * An entry's translations (issue 39 item 2, docs/languages.md): on create, on PATCH (a locale merges,
 * `null` removes it) and in `GET /api/v1/entries/{id}`; a locale outside the project's list is `400` at
 * its field; translations are sanitized and rendered like the body (the same renderer and budget), and
 * changing them is changing the entry: the same role rules, by key or by the dashboard's session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { useMemberHeaders } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
const contributor = useMemberHeaders(server, () => owner.project, 'contributor');

const get = async (id: string) =>
  (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;
const patch = (id: string, payload: object, h = headers) =>
  server.app.inject({ method: 'PATCH', url: `/api/v1/entries/${id}`, headers: h, payload });
const pointers = (res: { json(): { errors?: { pointer: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.pointer);

const german = { title: 'Dunkelmodus', body: 'Die App hat **jetzt** einen Dunkelmodus.', summary: 'Dunkel.' };

beforeAll(async () => {
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { locales: ['de', 'fr', 'pt-BR'] },
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('translations on create', () => {
  it('are stored, rendered and answered by GET, keyed by canonical locale', async () => {
    const entry = await postEntry(server.app, headers, {
      title: 'Dark mode',
      body: 'The app has a dark mode.',
      translations: { de: german, 'pt-br': { title: 'Modo escuro', body: 'O app tem modo escuro.' } },
    });
    const stored = await get(entry.id);
    expect(stored.translations).toEqual({
      de: { ...german, html: '<p>Die App hat <strong>jetzt</strong> einen Dunkelmodus.</p>\n' },
      'pt-BR': {
        title: 'Modo escuro',
        body: 'O app tem modo escuro.',
        html: '<p>O app tem modo escuro.</p>\n',
        summary: null,
      },
    });
    expect(stored.translatedLocales).toEqual(['de', 'pt-BR']);
    const listed = (await server.app.inject({ url: '/api/v1/entries', headers })).json().entries;
    expect(listed.find((e: { id: string }) => e.id === entry.id).translatedLocales).toEqual(['de', 'pt-BR']);
  });

  it('are sanitized like the body: no script, no handlers, no javascript: links, no relative URLs', async () => {
    const entry = await postEntry(server.app, headers, {
      title: 'Safe',
      translations: {
        fr: {
          title: 'Sûr',
          body: '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[a](javascript:alert(1)) [b](/logout) [c](https://example.com)',
        },
      },
    });
    const { html } = (await get(entry.id)).translations.fr;
    expect(html).not.toMatch(/<script|onerror|href="javascript:|href="\/logout"/);
    expect(html).toContain(
      '<p>a b <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">c</a></p>',
    );
  });

  it('refuse a locale outside the project’s list, the default locale and a malformed tag (400 at the field, nothing stored)', async () => {
    const before = (await server.app.inject({ url: '/api/v1/entries?limit=100', headers })).json().entries
      .length;
    for (const [locale, pointer] of [
      ['es', '/translations/es'],
      ['en', '/translations/en'],
      ['de_DE', '/translations/de_DE'],
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers,
        payload: { title: 'X', body: 'x', translations: { [locale!]: german } },
      });
      expect(res.statusCode, locale).toBe(400);
      expect(res.json().code).toBe('invalid');
      expect(pointers(res)).toEqual([pointer]);
    }
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'X', body: 'x', translations: { de: { title: ' ', body: 'x', extra: 1 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(pointers(res).sort()).toEqual(['/translations/de/extra', '/translations/de/title']);
    const after = (await server.app.inject({ url: '/api/v1/entries?limit=100', headers })).json().entries
      .length;
    expect(after).toBe(before);
  });

  it('a body too complex to render is 400 at its own pointer', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'X', body: 'x', translations: { de: { title: 'X', body: '>'.repeat(99_000) } } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(pointers(res)).toEqual(['/translations/de/body']);
  });
});

describe('translations on PATCH', () => {
  let id: string;
  beforeAll(async () => {
    id = (await postEntry(server.app, headers, { title: 'Dark mode', translations: { de: german } })).id;
  });

  it('a locale merges into the others: the fields it names change, the rest stays', async () => {
    const res = await patch(id, {
      translations: { de: { title: 'Dunkler Modus' }, fr: { title: 'Mode sombre', body: 'Sombre.' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry.translations).toEqual({
      de: {
        ...german,
        title: 'Dunkler Modus',
        html: '<p>Die App hat <strong>jetzt</strong> einen Dunkelmodus.</p>\n',
      },
      fr: { title: 'Mode sombre', body: 'Sombre.', html: '<p>Sombre.</p>\n', summary: null },
    });
    expect(res.json().entry.editedAt).not.toBeNull();
    expect((await get(id)).translations).toEqual(res.json().entry.translations);
  });

  it('a new body is rendered; a null summary clears it; null removes the locale', async () => {
    const res = await patch(id, { translations: { de: { body: '_neu_', summary: null }, fr: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry.translations).toEqual({
      de: { title: 'Dunkler Modus', body: '_neu_', html: '<p><em>neu</em></p>\n', summary: null },
    });
  });

  it('a new locale needs a title and a body; a locale outside the list is 400 (nothing changes)', async () => {
    const before = await get(id);
    const noBody = await patch(id, { translations: { fr: { title: 'Mode sombre' } } });
    expect(noBody.statusCode).toBe(400);
    expect(pointers(noBody)).toEqual(['/translations/fr/body']);
    const outside = await patch(id, {
      title: 'Changed',
      translations: { es: { title: 'Modo oscuro', body: 'x' } },
    });
    expect(outside.statusCode).toBe(400);
    expect(pointers(outside)).toEqual(['/translations/es']);
    expect(await get(id)).toMatchObject({ title: before.title, translations: before.translations });
  });

  it('removing a locale the project no longer lists is allowed; setting it is not', async () => {
    await patch(id, { translations: { 'pt-BR': { title: 'Modo escuro', body: 'x' } } });
    await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/project',
      headers,
      payload: { locales: ['de', 'fr'] },
    });
    expect(Object.keys((await get(id)).translations)).toEqual(['de', 'pt-BR']);
    expect((await patch(id, { translations: { 'pt-BR': { title: 'Outro' } } })).statusCode).toBe(400);
    expect((await patch(id, { translations: { 'pt-BR': null } })).statusCode).toBe(200);
    expect(Object.keys((await get(id)).translations)).toEqual(['de']);
  });
});

describe('one set of role rules', () => {
  it("a contributor translates a draft, not a published entry (403), by the dashboard's session", async () => {
    const draft = await postEntry(server.app, headers, { title: 'Draft' });
    const ok = await patch(draft.id, { translations: { de: { title: 'Entwurf', body: 'x' } } }, contributor);
    expect(ok.statusCode, ok.body).toBe(200);
    const published = await postEntry(server.app, headers, { title: 'Live', publish: true });
    const refused = await patch(
      published.id,
      { translations: { de: { title: 'Live', body: 'x' } } },
      contributor,
    );
    expect(refused.statusCode).toBe(403);
    expect((await get(published.id)).translations).toEqual({});
  });

  it('translations follow the entry through publish, unpublish and scheduling', async () => {
    const entry = await postEntry(server.app, headers, { title: 'Follow', translations: { de: german } });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    for (const [url, payload] of [
      [`/api/v1/entries/${entry.id}/publish`, { at }],
      [`/api/v1/entries/${entry.id}/publish`, {}],
      [`/api/v1/entries/${entry.id}/unpublish`, {}],
    ] as const) {
      const res = await server.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().entry.translations.de.title).toBe('Dunkelmodus');
    }
  });
});
