/**
 * `GET /api/dashboard/projects/{slug}/subscribers.csv`: the Subscribers page's download link, with the
 * session cookie alone (no `Shiplog-Project` header, which a plain link cannot send), byte for byte the
 * key-authenticated export with the same filters, as an attachment.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { signedInUser } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });

describe('the subscriber CSV download', () => {
  it('streams the filtered export with the session alone', async () => {
    for (const [i, status] of ['confirmed', 'pending', 'confirmed', 'unsubscribed'].entries()) {
      await server.db.sql`
        insert into subscribers (id, project_id, email, status, requested_at)
        values (${`sub_d${i}`}, ${owner.project.id}, ${i === 2 ? '=cmd|x@example.com' : `r${i}@example.com`},
                ${status}, now())`;
    }
    const publisher = await signedInUser(server, [{ projectId: owner.project.id, role: 'publisher' }]);
    const url = `/api/dashboard/projects/${owner.project.slug}/subscribers.csv?status=confirmed`;
    const res = await server.app.inject({ url, headers: publisher.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${owner.project.slug}-subscribers.csv"`,
    );
    const records: { email: string; status: string }[] = parse(res.body, { columns: true });
    expect(records.map((r) => [r.email, r.status])).toEqual([
      ["'=cmd|x@example.com", 'confirmed'],
      ['r0@example.com', 'confirmed'],
    ]);
    const viaKey = await server.app.inject({ url: '/api/v1/subscribers/export?status=confirmed', headers });
    expect(res.body).toBe(viaKey.body);

    const badFilter = await server.app.inject({
      url: `${url.split('?')[0]}?status=gone`,
      headers: publisher.headers,
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors[0].pointer).toBe('/query/status');
  });
});
