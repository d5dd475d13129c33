/**
 * The dashboard's page at /app (docs/api.md#first-run): the committed build, every deep link answered
 * with it, under a CSP with nothing inline; its hashed assets cached for a year; the setup page only
 * for a usable setup link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSetupLink } from '../../../server/services/accounts/set-up-first-account.ts';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('GET /app', () => {
  it('serves the app at /app and at every deep link, under a strict CSP, never cached stale', async () => {
    const root = await get('/app');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(root.headers['cache-control']).toBe('no-cache');
    const csp = String(root.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    // Nothing inline for the CSP to block: every script and stylesheet is a file.
    expect(root.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|style=/);
    for (const deep of ['/app/', '/app/sign-in', '/app/p/acme/entries/ent_1', '/app/p/acme/settings']) {
      const res = await get(deep);
      expect(res.statusCode, deep).toBe(200);
      expect(res.body).toBe(root.body);
    }
  });

  it('serves the hashed assets it names with a year of immutable cache, and 404 for others', async () => {
    const html = (await get('/app')).body;
    const assets = [...html.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const res = await server.app.inject(asset);
      expect(res.statusCode, `${asset} ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
    }
    expect((await server.app.inject('/app/assets/index-nope.js')).statusCode).toBe(404);
    expect((await server.app.inject('/app/assets/../../package.json')).statusCode).not.toBe(200);
  });

  it('answers the setup page only for a usable setup link', async () => {
    expect((await get('/app/setup')).statusCode).toBe(404);
    expect((await get('/app/setup?token=forged')).statusCode).toBe(404);
    const link = await issueSetupLink(server.db.sql, server.config.publicUrl);
    const ok = await get(new URL(link).pathname + new URL(link).search);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe((await get('/app')).body);
  });
});
