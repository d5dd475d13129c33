/// <reference lib="dom" />
/**
 * The API reference (/docs) in Debian's Chromium: Scalar's page renders /openapi.json's operations
 * from this origin alone, under its strict CSP (no violation, no console error), with no request to
 * any other origin; axe-core finds no serious or critical violation. A screenshot goes to
 * test-results/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { axeViolations, launchChromium, watch } from '../helpers/widget-host.ts';

let server: TestServer;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GET /docs', () => {
  it('renders the API reference under its CSP, from this origin only', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = await watch(page);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    const res = await page.goto(`${origin}/docs`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(res?.headers()['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

    await expect
      .poll(() => page.getByRole('heading', { name: 'Shiplog API', level: 1 }).count(), { timeout: 30_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Entries' }).first().click();
    await expect
      .poll(() => page.getByText('Draft an entry from commits').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/api-reference.png', fullPage: false });

    const axeFound = await axeViolations(page);
    expect(axeFound).toEqual([]);
    // The zod inside Scalar probes once for eval (`Function('')` in a try), which the CSP refuses as it
    // should; zod then parses without it. Nothing else may be refused.
    expect(watched.violations.filter((v) => v !== 'script-src eval')).toEqual([]);
    expect(watched.errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('keeps /docs/errors, its own page', async () => {
    const res = await fetch(`${origin}/docs/errors`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('idempotency_key_reused');
  });
});
