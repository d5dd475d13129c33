/**
 * Request logs keep link secrets out (docs/api.md#input-rules: request logs never show the token of
 * a link): a draft preview's token, which stands in the path, is redacted like the `token` query
 * parameter of confirmation and unsubscribe links.
 */
import { describe, expect, it } from 'vitest';
import { captureLogs, useTestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';

const { lines: logLines, logger } = captureLogs();
const { server, headers, owner } = useTestServer({}, { workers: false, logger });

describe('request logs', () => {
  it('redact the token of a preview link, wherever it stands in the path', async () => {
    const { project } = owner;
    const id = await createEntry(server.app, headers, { title: 'Preview me' });
    const { previewUrl } = (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;
    const path = String(previewUrl).replace('https://changelog.test', '');
    const token = path.split('/').at(-1)!;
    expect(token).toMatch(new RegExp(`^${id}\\.\\d+\\.[\\w-]+$`));

    logLines.length = 0;
    expect((await server.app.inject(path)).statusCode).toBe(200);
    await server.app.inject(`/${path}?x=1`);
    await server.app.inject(`${path}/more`);
    const log = logLines.join('');
    expect(log).toContain(`"url":"/changelog/${project.slug}/preview/[redacted]"`);
    expect(log).toContain(`"url":"//changelog/${project.slug}/preview/[redacted]?x=1"`);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.').at(-1));
  });

  it("redact the dashboard's link tokens (setup, invitation) in the path, and never log cookies or CSRF tokens", async () => {
    const token = 'dashboardLinkToken0123456789abcdefghijklmnopq';
    logLines.length = 0;
    await server.app.inject(`/api/dashboard/setup/${token}`);
    await server.app.inject(`/api/dashboard/invitations/${token}`);
    await server.app.inject({
      url: '/api/dashboard/session',
      headers: { cookie: `shiplog_session=${token}`, 'x-csrf-token': token },
    });
    const log = logLines.join('');
    expect(log).toContain('"url":"/api/dashboard/setup/[redacted]"');
    expect(log).toContain('"url":"/api/dashboard/invitations/[redacted]"');
    expect(log).not.toContain(token);
  });
});
