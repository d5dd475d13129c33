/**
 * Draft previews end at publish (docs/api.md#entries: `previewUrl`): the link is posted where anyone
 * may read it (a public pull request), so once its entry is published it answers 404, whatever the
 * entry's visibility. An internal entry's published content is never shown through it.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';

const { server, headers } = useTestServer({}, { workers: false });

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A new draft and the path of its preview link. */
async function draftWithPreview(payload: object): Promise<{ id: string; preview: string }> {
  const id = (await call('POST', '/api/v1/entries', payload)).json().entry.id;
  const { previewUrl } = (await call('GET', `/api/v1/entries/${id}`)).json().entry;
  return { id, preview: String(previewUrl).replace('https://changelog.test', '') };
}
const open = (preview: string) => server.app.inject({ url: preview, headers: { accept: 'text/html' } });

describe('a preview link', () => {
  it('shows the draft, then answers 404 once the entry is published, internal or external', async () => {
    for (const visibility of ['internal', 'external']) {
      const secret = `Launch codes ${visibility}`;
      const { id, preview } = await draftWithPreview({ title: 'Team plans', body: secret, visibility });
      const before = await open(preview);
      expect(before.statusCode).toBe(200);
      expect(before.body).toContain(secret);

      expect((await call('POST', `/api/v1/entries/${id}/publish`)).statusCode).toBe(200);
      await call('PATCH', `/api/v1/entries/${id}`, { body: `${secret}, now published` });
      const after = await open(preview);
      expect(after.statusCode, visibility).toBe(404);
      expect(after.body).not.toContain(secret);
      expect(after.headers['cache-control']).toBe('no-store');
      const problem = await server.app.inject({ url: preview });
      expect(problem.statusCode).toBe(404);
      expect(problem.json().code).toBe('not_found');
    }
  });

  it('shows a draft again only while it is one (unpublished: the same link works for the new draft)', async () => {
    const { id, preview } = await draftWithPreview({ title: 'Back and forth', body: 'Draft text' });
    await call('POST', `/api/v1/entries/${id}/publish`);
    expect((await open(preview)).statusCode).toBe(404);
    await call('POST', `/api/v1/entries/${id}/unpublish`);
    const again = await open(preview);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Draft text');
  });
});
