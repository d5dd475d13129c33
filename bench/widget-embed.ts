/// <reference lib="dom" />
/**
 * The embeddable widget (issue "Embeddable widget", bench):
 * - its bundle gzipped, against the runtime the widget must not carry: core/contract's public schemas
 *   (zod and validator) bundled the same way, in this run;
 * - in Debian's Chromium on loopback, the time from the script's request to a visible launcher (median
 *   of 10 page loads), against a bare script from the same server that only adds a button in a shadow
 *   root (so the difference is the widget's JSON fetch and rendering).
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { openWidgetApp } from './open-widget-app.ts';

const RUNS = 10;
const BASELINE_SCRIPT = `(() => { const host = document.createElement('div'); const root = host.attachShadow({ mode: 'open' });
  const b = document.createElement('button'); b.setAttribute('part', 'launcher'); b.textContent = "What's new";
  root.append(b); document.body.append(host); })();`;

async function gzippedBundle(entry: string): Promise<number> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds from the request of the script at `scriptPattern` to a visible launcher. */
async function timeToLauncher(page: Page, url: string, scriptPattern: string): Promise<number> {
  await page.goto(url);
  return page.evaluate(async (pattern) => {
    const visible = () =>
      [...document.querySelectorAll('*')].some((n) => {
        const button = n.shadowRoot?.querySelector<HTMLElement>('[part="launcher"]');
        return button !== null && button !== undefined && button.getBoundingClientRect().width > 0;
      });
    while (!visible()) await new Promise((r) => requestAnimationFrame(r));
    const end = performance.now();
    const script = performance.getEntriesByType('resource').find((e) => e.name.includes(pattern))!;
    return end - script.startTime;
  }, scriptPattern);
}

export async function widgetEmbedBench(): Promise<Record<string, number>> {
  const widgetGz = gzipSync(await readFile(new URL('../widget/dist/widget.js', import.meta.url)), {
    level: 9,
  }).length;
  const contractGz = await gzippedBundle(
    new URL('../core/contract/public.schema.ts', import.meta.url).pathname,
  );

  const { app, close } = await openWidgetApp();
  app.get('/bench-baseline.js', async (_request, reply) =>
    reply.type('text/javascript').send(BASELINE_SCRIPT),
  );
  const shiplog = await app.listen({ port: 0, host: '127.0.0.1' });
  const host = createServer((req, res) => {
    const script = req.url === '/baseline' ? `${shiplog}/bench-baseline.js` : `${shiplog}/widget.js`;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html><body><h1>Host</h1><script src="${script}" data-project="bench" async></script></body></html>`,
    );
  }).listen(0, '127.0.0.1');
  await once(host, 'listening');
  const hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}`;

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const widgetTimes: number[] = [];
  const baselineTimes: number[] = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      // A fresh context each time: nothing cached, as for a first visit. The first pair warms up.
      for (const [path, pattern, times] of [
        ['/', '/widget.', widgetTimes],
        ['/baseline', '/bench-baseline.js', baselineTimes],
      ] as const) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const ms = await timeToLauncher(page, `${hostUrl}${path}`, pattern);
        if (i > 0) times.push(ms);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    host.close();
    await close();
  }
  const widgetMs = median(widgetTimes);
  const baselineMs = median(baselineTimes);
  return {
    'widget bundle (bytes gzipped)': widgetGz,
    'contract schemas bundled (bytes gzipped)': contractGz,
    'bundle / contract schemas': Number((widgetGz / contractGz).toFixed(3)),
    'bundle / 20 KB budget': Number((widgetGz / 20480).toFixed(3)),
    'script to launcher, median ms': Number(widgetMs.toFixed(1)),
    'bare script to button, median ms': Number(baselineMs.toFixed(1)),
    'widget / bare script': Number((widgetMs / baselineMs).toFixed(2)),
  };
}
