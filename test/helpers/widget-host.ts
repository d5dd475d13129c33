/// <reference lib="dom" />
/**
 * The browser side of the widget tests: Debian's Chromium through playwright-core (never a downloaded
 * browser), and a host website on its own origin whose CSP names only itself and the Shiplog origin,
 * with no `'unsafe-inline'` anywhere. Every page records CSP violations, console errors and dialogs.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { useTestServer } from './build-server.ts';
import { postEntry } from './create-entry.ts';

export const CHROMIUM = '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

export type HostSite = { url: string; close(): void };

/**
 * A website embedding the widget of `project` from `shiplog`. Query parameters become the script's
 * `data-theme`, `data-position`, `data-selector`, `data-component`, `data-reader-token`,
 * `data-announce` and `data-locale`; `?lang=` is the page's `<html lang>` (`en` unless given; empty: no
 * attribute); `/attached` has a button of its own to attach to. `options.csp` adds directives to the page's CSP (Trusted Types, say).
 */
export async function startHostSite(
  shiplog: string,
  project: string,
  options: { csp?: string[] } = {},
): Promise<HostSite> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${shiplog}`,
    `connect-src 'self' ${shiplog}`,
    `style-src 'self' ${shiplog}`,
    `img-src 'self' ${shiplog} https: data:`,
    "base-uri 'none'",
    "form-action 'self'",
    ...(options.csp ?? []),
  ].join('; ');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/host.css') {
      res.writeHead(200, { 'content-type': 'text/css' }).end('body { font-family: serif; margin: 40px; }');
      return;
    }
    const options = ['theme', 'position', 'selector', 'component', 'reader-token', 'announce', 'locale']
      .filter((name) => url.searchParams.has(name))
      .map((name) => ` data-${name}="${url.searchParams.get(name)!.replace(/[^\w#.-]/g, '')}"`)
      .join('');
    const lang = (url.searchParams.get('lang') ?? 'en').replace(/[^\w-]/g, '');
    const own = url.pathname === '/attached' ? '<button type="button" id="whats-new">Updates</button>' : '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    res.end(`<!doctype html>
<html${lang ? ` lang="${lang}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A host website</title><link rel="stylesheet" href="/host.css"></head>
<body><main><h1>A host website</h1><p>Its own content, and <a href="#top">a link</a>.</p>${own}</main>
<script src="${shiplog}/widget.js" data-project="${project}"${options} async></script>
</body></html>`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export type Watched = { violations: string[]; errors: string[]; dialogs: string[] };

/** Record CSP violations (from an init script, which CSP does not govern), console errors, dialogs. */
export async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { violations: [], errors: [], dialogs: [] };
  await page.exposeFunction('__shiplogViolation', (v: string) => watched.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __shiplogViolation: (v: string) => void }).__shiplogViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') watched.errors.push(m.text());
  });
  page.on('pageerror', (e) => watched.errors.push(String(e)));
  page.on('dialog', (d) => {
    watched.dialogs.push(d.message());
    void d.dismiss();
  });
  return watched;
}

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on `page` (as `impact: rule`), evaluated
 * through the DevTools protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.evaluate(await readFile(axe, 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string }[] }>;
        };
      }
    ).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.impact}: ${v.id}`);
  });
  return violations.filter((v) => /^(serious|critical)/.test(v));
}

/**
 * One widget test file's world: a test server with one project (`server`, `headers`, `owner`) on a
 * real socket, whose origin `site.shiplog` holds once `beforeAll` has run, and Chromium
 * (`site.browser`). `publish` posts a published entry of the project (201 asserted). `hostSite` starts
 * a host page embedding the project's widget, closed at the end of the file. `openPage` opens a watched
 * page in a new context, closed after the test; unless `clean: false`, the test then fails if the page
 * saw a CSP violation, a console error or a dialog.
 */
export function useWidgetWorld(env: Record<string, string> = {}) {
  const { server, headers, owner } = useTestServer(env);
  const site = {} as { shiplog: string; browser: Browser };
  const hosts: HostSite[] = [];
  let context: BrowserContext | undefined;
  let mustBeClean: Watched | undefined;
  beforeAll(async () => {
    site.shiplog = await server.app.listen({ port: 0, host: '127.0.0.1' });
    site.browser = await launchChromium();
  });
  afterEach(async () => {
    const seen = mustBeClean;
    await context?.close();
    context = undefined;
    mustBeClean = undefined;
    if (seen) expect(seen).toEqual({ violations: [], errors: [], dialogs: [] });
  });
  afterAll(async () => {
    await site.browser?.close();
    for (const host of hosts) host.close();
  });
  return {
    server,
    headers,
    owner,
    site,
    publish: (title: string, body: string, extra: object = {}) =>
      postEntry(server.app, headers, { title, body, publish: true, ...extra }),
    async hostSite(options: { csp?: string[] } = {}): Promise<HostSite> {
      const host = await startHostSite(site.shiplog, owner.project.slug, options);
      hosts.push(host);
      return host;
    },
    async openPage(
      contextOptions: BrowserContextOptions = {},
      { clean = true } = {},
    ): Promise<{ page: Page; watched: Watched }> {
      context = await site.browser.newContext(contextOptions);
      const page = await context.newPage();
      const watched = await watch(page);
      if (clean) mustBeClean = watched;
      return { page, watched };
    },
  };
}
