/**
 * Secrets of identified readers stay out of the request log and pass CORS (docs/readers.md#what-an-identified-reader-gets): the reader secret is never logged, nor a reader token, whether it came as the
 * `X-Shiplog-Reader` header (headers are not logged) or as `?token=` (redacted); the widget's
 * preflight allows the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, captureLogs, type TestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { lines, logger } = captureLogs();
let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({}, { logger, workers: false });
});
afterAll(() => server.close());

describe('reader secrets and tokens', () => {
  it('are never written to the log', async () => {
    const { project, headers } = await server.project('pro');
    const secret = await createReaderSecret(server, headers);
    const token = await signReaderToken(secret, { sub: 'u1', email: 'ada@example.com' });
    const widget = await server.app.inject({
      url: `/api/widget/${project.slug}`,
      headers: { 'x-shiplog-reader': token },
    });
    expect(widget.statusCode).toBe(200);
    const link = new URL(widget.json().links.rss);
    expect((await server.app.inject({ url: link.pathname + link.search })).statusCode).toBe(200);
    expect((await server.app.inject({ url: `/changelog/${project.slug}?token=${token}` })).statusCode).toBe(
      200,
    );
    const log = lines.join('\n');
    expect(log).toContain(`/changelog/${project.slug}?token=[redacted]`);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(token);
    expect(log).not.toContain(link.searchParams.get('token'));
    expect(log).not.toContain('ada@example.com');
  });

  it("pass the widget's CORS preflight", async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/widget/anything',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-shiplog-reader',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-shiplog-reader');
  });
});
