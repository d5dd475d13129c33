/**
 * The widget script the server hands out (issue "Embeddable widget"): `widget/dist/widget.js`, built by
 * `npm run build` and committed, read once at start. Its content hash names the immutable URL
 * (`/widget.<hash>.js`) that `/widget.js` points to, so a deploy changes the URL and caches never
 * serve a stale widget for longer than the short cache of `/widget.js`.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** Beside `widget/` in a checkout; `dist/widget/dist/` in a build (the build copies it there). */
const BUNDLE_PATH = new URL('../../../widget/dist/widget.js', import.meta.url);

export type WidgetBundle = { code: Buffer; hash: string };

/** @returns the bundle, or null when it was never built (the routes then say how to build it). */
export async function loadWidgetBundle(path: URL = BUNDLE_PATH): Promise<WidgetBundle | null> {
  let code: Buffer;
  try {
    code = await readFile(path);
  } catch {
    return null;
  }
  return { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
}
