/**
 * Subscribers through /api/v1 (docs/api.md#subscribers-and-analytics-key-authenticated): counts by state, search, keyset
 * paging, the CSV export read back by a real CSV parser (csv-parse) with hostile addresses (quotes,
 * commas, line breaks, formulas) and across several read batches, and removal: no further email, and
 * the address may subscribe again.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../../../../server/services/engagement/export-subscribers.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';
import { jobsSettled } from '../../../helpers/jobs-settled.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });

/** Rows straight into the table: the export must be safe whatever the subscribe form let through. */
async function seed(projectId: string, rows: [id: string, email: string, status: string][]) {
  for (const [id, email, status] of rows) {
    await server.db.sql`
      insert into subscribers (id, project_id, email, status, requested_at, confirmed_at)
      values (${id}, ${projectId}, ${email}, ${status}, now(), ${status === 'confirmed' ? new Date() : null})`;
  }
}

const get = (url: string, h = headers) => server.app.inject({ url, headers: h });

const HOSTILE: [string, string, string][] = [
  ['sub_h1', '=hyperlink("http://evil.test","x")@example.com', 'confirmed'],
  ['sub_h2', '+1+1@example.com', 'confirmed'],
  ['sub_h3', '-2+3@example.com', 'pending'],
  ['sub_h4', '@sum(a1)@example.com', 'unsubscribed'],
  ['sub_h5', '"quoted, with comma"@example.com', 'confirmed'],
  ['sub_h6', 'line\r\nbreak@example.com', 'confirmed'],
  ['sub_h7', 'plain@example.com', 'confirmed'],
];

describe('subscribers', () => {
  it('counts by state, searches and pages', async () => {
    const { project, headers: h } = await server.project('pro');
    await seed(project.id, [
      ['sub_c1', 'ann@example.com', 'confirmed'],
      ['sub_c2', 'bob@example.com', 'confirmed'],
      ['sub_c3', 'anna@example.org', 'pending'],
      ['sub_c4', 'cy@example.com', 'unsubscribed'],
    ]);
    const counts = await get('/api/v1/subscribers/counts', h);
    expect(counts.json()).toEqual({ counts: { pending: 1, confirmed: 2, unsubscribed: 1, total: 4 } });

    const found = await get('/api/v1/subscribers?q=ANN&limit=1', h);
    expect(found.json().subscribers.map((s: { email: string }) => s.email)).toHaveLength(1);
    const rest = await get(`/api/v1/subscribers?q=ANN&limit=1&cursor=${found.json().nextCursor}`, h);
    const both = [...found.json().subscribers, ...rest.json().subscribers].map((s) => s.email).sort();
    expect(both).toEqual(['ann@example.com', 'anna@example.org']);
    expect(rest.json().nextCursor).toBeNull();
    // A cursor is bound to its search.
    const other = await get(`/api/v1/subscribers?q=bob&limit=1&cursor=${found.json().nextCursor}`, h);
    expect(other.statusCode).toBe(400);
    // Pattern characters are literal.
    expect((await get('/api/v1/subscribers?q=%25', h)).json().subscribers).toEqual([]);
  });

  it('exports CSV that a CSV parser reads back exactly, formulas defused', async () => {
    await seed(owner.project.id, HOSTILE);
    const res = await get('/api/v1/subscribers/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${owner.project.slug}-subscribers.csv"`,
    );
    const records: Record<string, string>[] = parse(res.body, { columns: true });
    const byId = new Map(HOSTILE.map(([, email, status]) => [email, status]));
    expect(records).toHaveLength(HOSTILE.length);
    for (const record of records) {
      // A cell a spreadsheet would run as a formula starts with `'`; everything else is as stored.
      const email = /^'[=+\-@]/.test(record.email!) ? record.email!.slice(1) : record.email!;
      expect(byId.get(email), email).toBe(record.status);
      expect(/^[=+\-@]/.test(record.email!)).toBe(false);
    }
    expect(records.map((r) => r.email)).toContain('"quoted, with comma"@example.com');
    expect(records.map((r) => r.email)).toContain('line\r\nbreak@example.com');
    expect(records.find((r) => r.email === 'plain@example.com')!.confirmedAt).toMatch(/^\d{4}-.*Z$/);

    const confirmed = parse((await get('/api/v1/subscribers/export?status=confirmed&q=example')).body, {
      columns: true,
    });
    expect(confirmed).toHaveLength(5);
  });

  it('exports every row once across read batches, in address order', async () => {
    const { project, headers: h } = await server.project('pro');
    const n = EXPORT_BATCH * 2 + 7;
    await server.db.sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      select 'sub_b' || i, ${project.id}, 'reader' || lpad(i::text, 5, '0') || '@example.com', 'pending', now()
      from generate_series(1, ${n}) i`;
    const records: { email: string }[] = parse((await get('/api/v1/subscribers/export', h)).body, {
      columns: true,
    });
    expect(records).toHaveLength(n);
    expect(new Set(records.map((r) => r.email)).size).toBe(n);
    expect(records.map((r) => r.email)).toEqual(records.map((r) => r.email).sort());
  });

  it('removes a subscriber: no further email, and the address can subscribe again', async () => {
    const { project, headers: h } = await server.project('pro');
    await seed(project.id, [
      ['sub_r1', 'stays@example.com', 'confirmed'],
      ['sub_r2', 'leaves@example.com', 'confirmed'],
    ]);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/subscribers/sub_r2',
      headers: h,
    });
    expect(removed.statusCode).toBe(204);
    const again = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/subscribers/sub_r2',
      headers: h,
    });
    expect(again.statusCode).toBe(404);
    const foreign = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/subscribers/sub_h7',
      headers: h,
    });
    expect(foreign.statusCode).toBe(404);

    // With no SMTP_URL the mailer writes to the log; what it accepted is recorded per (entry, subscriber).
    const entryId = await createEntry(server.app, h, { title: 'After the removal', publish: true });
    await jobsSettled(server.db.sql, ['entry-published', 'email-batch']);
    const sent = await server.db.sql`select subscriber_id from email_sends where entry_id = ${entryId}`;
    expect(sent.map((r) => r.subscriberId)).toEqual(['sub_r1']);

    const subscribe = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { project: project.slug, email: 'leaves@example.com' },
    });
    expect(subscribe.statusCode).toBe(202);
    const [row] = await server.db.sql`
      select id, status from subscribers where project_id = ${project.id} and email = 'leaves@example.com'`;
    expect(row!.status).toBe('pending');
    expect(row!.id).not.toBe('sub_r2');
  });
});
