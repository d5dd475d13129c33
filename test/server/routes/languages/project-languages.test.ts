/**
 * A project's languages (issue 39 item 1, docs/languages.md): `defaultLocale` (BCP 47, `en` by default)
 * and 0-20 other `locales`, read and changed with `GET`/`PATCH /api/v1/project` by publishers (keys and
 * the dashboard's session alike), checked and stored in canonical form.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { useMemberHeaders } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
const contributor = useMemberHeaders(server, () => owner.project, 'contributor');
const publisher = useMemberHeaders(server, () => owner.project, 'publisher');

const patch = (h: Record<string, string>, payload: object) =>
  server.app.inject({ method: 'PATCH', url: '/api/v1/project', headers: h, payload });
const settings = async () => (await server.app.inject({ url: '/api/v1/project', headers })).json().project;

describe("a project's languages", () => {
  it('are English and no others by default', async () => {
    expect(await settings()).toMatchObject({ defaultLocale: 'en', locales: [], searchLanguage: 'simple' });
  });

  it('are stored in canonical form (de-at → de-AT, zh-hant → zh-Hant), each once, and read back', async () => {
    const res = await patch(publisher, { locales: ['de', 'de-at', 'FR', 'zh-hant', 'DE'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().project.locales).toEqual(['de', 'de-AT', 'fr', 'zh-Hant']);
    expect((await settings()).locales).toEqual(['de', 'de-AT', 'fr', 'zh-Hant']);
  });

  it('refuses a tag that is not BCP 47 (or names no language of its own), more than 20 and the default among the others (400 at the field)', async () => {
    const cases: [object, string][] = [
      [{ locales: ['de_AT'] }, '/locales/0'],
      [{ locales: ['de', 'de-AT-u-ca-buddhist'] }, '/locales/1'],
      [{ defaultLocale: 'en_US' }, '/defaultLocale'],
      [{ locales: ['en'] }, '/locales/0'],
      [{ defaultLocale: 'de' }, '/defaultLocale'],
      [{ locales: Array.from({ length: 21 }, (_, i) => `de-${String(i).padStart(3, '0')}`) }, '/locales'],
    ];
    for (const [payload, pointer] of cases) {
      const res = await patch(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid');
      expect(res.json().errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    expect((await settings()).locales).toEqual(['de', 'de-AT', 'fr', 'zh-Hant']);
  });

  it('moves the default with its search language, unless the same change names one', async () => {
    const moved = await patch(headers, { defaultLocale: 'de', locales: ['en', 'fr'] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().project).toMatchObject({
      defaultLocale: 'de',
      locales: ['en', 'fr'],
      searchLanguage: 'german',
    });
    const named = await patch(headers, { defaultLocale: 'fr', locales: ['de'], searchLanguage: 'simple' });
    expect(named.json().project).toMatchObject({ defaultLocale: 'fr', searchLanguage: 'simple' });
    const none = await patch(headers, { defaultLocale: 'ja', locales: ['en'] });
    expect(none.json().project).toMatchObject({ defaultLocale: 'ja', searchLanguage: 'simple' });
    await patch(headers, { defaultLocale: 'en', locales: ['de', 'fr'], searchLanguage: 'simple' });
  });

  it('are a publisher’s to change, not a contributor’s (403)', async () => {
    const res = await patch(contributor, { locales: ['es'] });
    expect(res.statusCode).toBe(403);
    expect((await settings()).locales).toEqual(['de', 'fr']);
  });
});
