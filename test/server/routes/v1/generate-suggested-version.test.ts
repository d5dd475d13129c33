/**
 * Generate's `draft.suggestedVersion` (docs/api.md#generate-a-draft-from-commits-and-pull-requests):
 * the previous release (the request's `previousVersion`, else the project's newest published version)
 * bumped by the changes, its tag prefix kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
});
afterAll(() => server.close());

async function suggested(headers: Record<string, string>, payload: object): Promise<unknown> {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().draft.suggestedVersion;
}

describe('draft.suggestedVersion', () => {
  it('bumps the previous release the request names by the changes, keeping its prefix', async () => {
    const { headers } = await server.project('pro');
    const fix = ['fix: crash on empty tag'];
    const feat = ['feat: add dark mode', ...fix];
    const breaking = ['feat!: drop the v1 config format', ...feat];
    expect(await suggested(headers, { commits: fix, previousVersion: 'v1.3.0' })).toBe('v1.3.1');
    expect(await suggested(headers, { commits: feat, previousVersion: 'v1.3.0' })).toBe('v1.4.0');
    expect(await suggested(headers, { commits: breaking, previousVersion: 'web@1.3.0' })).toBe('web@2.0.0');
    expect(await suggested(headers, { commits: breaking, previousVersion: '0.4.2' })).toBe('0.5.0');
    expect(await suggested(headers, { commits: feat, previousVersion: 'app-v2.0.0-rc.1' })).toBe(
      'app-v2.0.0-rc.2',
    );
    expect(await suggested(headers, { commits: fix, previousVersion: 'nightly' })).toBeNull();
    // The version given is copied; the suggestion is still made.
    expect(await suggested(headers, { commits: feat, previousVersion: 'v1.3.0', version: '9.0.0' })).toBe(
      'v1.4.0',
    );
  });

  it("without previousVersion, bumps the project's newest published version (0.1.0 before any)", async () => {
    const { headers } = await server.project('pro');
    expect(await suggested(headers, { commits: ['fix: crash on start'] })).toBe('0.1.0');
    for (const version of ['1.1.0', '1.2.0']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers,
        payload: { title: `Release ${version}`, body: 'Notes', version, publish: true },
      });
      expect(res.statusCode).toBe(201);
    }
    // A draft with a version is not a release yet.
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Next', body: 'Notes', version: '5.0.0' },
    });
    expect(await suggested(headers, { commits: ['fix: crash on start'] })).toBe('1.2.1');
    expect(await suggested(headers, { commits: ['feat: add export'] })).toBe('1.3.0');
  });
});
