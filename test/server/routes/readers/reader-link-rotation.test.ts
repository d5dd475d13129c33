/**
 * A reader's signed links (docs/readers.md#rotation: readers' feeds use signed per-reader
 * links) never outlive the secret that vouched for the reader: after a rotation, a token of the
 * previous secret (still verifying for 24 hours) gets links that stop with it, so an owner who rotates
 * a leaked secret has shut out whatever it signed a day later, not 30 days later.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server } = useTestServer({}, { workers: false });

const open = (link: string) => {
  const url = new URL(link);
  return server.app.inject({ url: url.pathname + url.search });
};

describe('a reader vouched for by the previous secret, once it retires', () => {
  it('loses the links the widget and search gave them; a reader of the current secret keeps theirs', async () => {
    const { project, headers } = await server.project('pro');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Beta wombat', body: 'x', segments: ['beta'], publish: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const old = await createReaderSecret(server, headers);
    const current = await createReaderSecret(server, headers);
    const links = async (secret: string) => {
      const h = { 'x-shiplog-reader': await signReaderToken(secret, { sub: 'u1', segments: ['beta'] }) };
      const widget = await server.app.inject({ url: `/api/widget/${project.slug}`, headers: h });
      const search = await server.app.inject({
        url: `/api/widget/${project.slug}/search?q=wombat`,
        headers: h,
      });
      expect(widget.statusCode).toBe(200);
      expect(search.json().entries).toHaveLength(1);
      const { rss, page } = widget.json().links;
      return [rss, page, widget.json().entries[0].url, search.json().entries[0].url] as string[];
    };
    const ofOld = await links(old);
    const ofCurrent = await links(current);
    for (const link of [...ofOld, ...ofCurrent]) expect((await open(link)).statusCode, link).toBe(200);
    await server.db.sql`update retired_reader_secrets set retires_at = now() - interval '1 second'
      where project_id = ${project.id}`;
    for (const link of ofOld) {
      const res = await open(link);
      expect(res.statusCode, link).toBe(401);
      expect(res.body).not.toContain('Beta wombat');
    }
    for (const link of ofCurrent) expect((await open(link)).statusCode, link).toBe(200);
  });
});
