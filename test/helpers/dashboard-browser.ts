/// <reference lib="dom" />
/**
 * The dashboard in Chromium: a live server whose PUBLIC_URL is its own loopback address (the
 * dashboard's state-changing calls must carry that origin), an SMTP inbox for its emails, and pages
 * watched for CSP violations, console errors and dialogs (test/helpers/widget-host.ts).
 */
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildTestServer, type TestServer } from './build-server.ts';
import { type Inbox, startInbox } from './smtp-inbox.ts';
import { watch, type Watched } from './widget-host.ts';

export const RESULTS = new URL('../../test-results/', import.meta.url);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type DashboardServer = { server: TestServer; url: string; inbox: Inbox; close(): Promise<void> };

/** A listening server (PUBLIC_URL = its address) with an SMTP inbox; `env` adds configuration. */
export async function startDashboardServer(env: Record<string, string> = {}): Promise<DashboardServer> {
  const inbox = await startInbox();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await buildTestServer({
    PUBLIC_URL: url,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Shiplog <shiplog@example.com>',
    SHIPLOG_API_RATE_LIMIT: '1000',
    ...env,
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    server,
    url,
    inbox,
    async close() {
      await server.close();
      await inbox.close();
    },
  };
}

export type Look = { colorScheme?: 'light' | 'dark'; width?: number };

export type DashboardPage = {
  context: BrowserContext;
  page: Page;
  watched: Watched;
  /** Answer the next dialog (confirm) with OK (`true`) or Cancel; resolves to its message. */
  nextDialog(accept: boolean): Promise<string>;
};

/**
 * A new context and page (375 px wide is a phone), watched; `storageState` signs it in as another
 * context was. A dialog nobody announced with `nextDialog` is dismissed and recorded in `watched`.
 */
export async function openPage(
  browser: Browser,
  look: Look = {},
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<DashboardPage> {
  const context = await browser.newContext({
    viewport: { width: look.width ?? 1280, height: 900 },
    colorScheme: look.colorScheme ?? 'light',
    permissions: ['clipboard-read', 'clipboard-write'],
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  const watched = await watch(page);
  page.removeAllListeners('dialog');
  const planned: { accept: boolean; resolve: (message: string) => void }[] = [];
  page.on('dialog', (dialog) => {
    const plan = planned.shift();
    if (!plan) watched.dialogs.push(dialog.message());
    void (plan?.accept ? dialog.accept() : dialog.dismiss());
    plan?.resolve(dialog.message());
  });
  const nextDialog = (accept: boolean) => new Promise<string>((resolve) => planned.push({ accept, resolve }));
  return { context, page, watched, nextDialog };
}

/** A screenshot into test-results/ (git-ignored), and optionally a copy at `alsoAt` (docs/screenshots). */
export async function screenshot(page: Page, name: string, alsoAt?: URL): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, RESULTS).pathname, fullPage: true });
  if (alsoAt) {
    await mkdir(new URL('.', alsoAt), { recursive: true });
    await page.screenshot({ path: alsoAt.pathname, fullPage: false });
  }
}

/**
 * A `width`×`height` PNG: a diagonal gradient from `from` to `to` (RGB), made here so the images
 * the tests upload (and the README's screenshots show) need no fixture file.
 */
export function makePng(width: number, height: number, from: number[], to: number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image the tests upload: 480×160, teal to indigo. */
export const PNG = makePng(480, 160, [15, 118, 110], [67, 56, 202]);

/** Paste (or drop) a PNG named `name` into the element `selector`, as the clipboard or a drag would. */
export async function pasteImage(
  page: Page,
  selector: string,
  name: string,
  kind: 'paste' | 'drop',
): Promise<void> {
  await page.locator(selector).evaluate(
    (el, { bytes, name, kind }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      el.dispatchEvent(event);
    },
    { bytes: [...PNG], name, kind },
  );
}
