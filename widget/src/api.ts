/**
 * The public endpoints the widget calls (docs/api.md#public-engagement-no-key-cors-), with the shapes it reads.
 * Types only come from core/contract: its runtime schemas (zod, validator) stay out of the bundle.
 */
import type { WidgetEntry, WidgetResponse } from '../../core/contract/public.schema.ts';
import type { ReaderState, ReaderLinksSchema } from '../../core/contract/readers.schema.ts';
import type { z } from 'zod';

export type { WidgetEntry };

/**
 * GET /api/widget/{slug}: the project's look and entries; for an identified reader also their state
 * (the same on every device) and their signed feed links.
 */
export type WidgetDocument = WidgetResponse & {
  reader?: ReaderState;
  links?: z.infer<typeof ReaderLinksSchema>;
};

/** A failed call: the status (0 without an answer) and `Retry-After` seconds for a 429. */
export class WidgetApiError extends Error {
  readonly status: number;
  readonly retryAfter: number | null;
  constructor(status: number, retryAfter: number | null, message: string) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

let warned = false;
/** Say once per page why the widget stopped: the server refused its reader (missing or bad token). */
function warnRefused(detail: string): void {
  if (warned) return;
  warned = true;
  console.warn(
    `Shiplog: the changelog refused this reader (401${detail ? `: ${detail}` : ''}); check data-reader-token.`,
  );
}

async function call<T>(url: string, init: RequestInit, reader: string | null): Promise<T> {
  let response: Response;
  try {
    // An identified reader's token goes with every call (docs/readers.md#what-an-identified-reader-gets).
    const headers = new Headers(init.headers);
    if (reader) headers.set('x-shiplog-reader', reader);
    response = await fetch(url, { ...init, headers });
  } catch {
    throw new WidgetApiError(0, null, 'network');
  }
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    let detail = '';
    try {
      detail = ((await response.json()) as { detail?: string }).detail ?? '';
    } catch {
      // Not a problem document.
    }
    if (response.status === 401) warnRefused(detail);
    throw new WidgetApiError(response.status, Number.isFinite(retry) && retry > 0 ? retry : null, detail);
  }
  return (await response.json()) as T;
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** `?a=1&b=2` of the given (non-null) parameters, or '' for none. */
function queryOf(params: Record<string, string | null>): string {
  const given = Object.entries(params).filter((p): p is [string, string] => p[1] !== null);
  return given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`;
}

/**
 * The calls of one widget: `base` is the Shiplog origin, `reader` the host app's reader token
 * (`data-reader-token`), sent as `X-Shiplog-Reader` on every call, or null for an anonymous reader;
 * `locale` the language asked for (page-locale.ts; docs/languages.md#readers), or null: the browser's.
 */
export function createApi(base: string, reader: string | null = null, locale: string | null = null) {
  const project = (slug: string) => `${base}/api/widget/${encodeURIComponent(slug)}`;
  return {
    reader,
    // `no-cache`: revalidated with its ETag on every page (a 304 when unchanged), so a visitor never
    // sees yesterday's list from the browser's cache; a CDN still holds it as Cache-Control says.
    widget: (slug: string, component: string | null = null) =>
      call<WidgetDocument>(
        `${project(slug)}${queryOf({ component, locale })}`,
        { cache: 'no-cache' },
        reader,
      ),
    search: (slug: string, q: string, signal: AbortSignal) =>
      call<{ entries: WidgetEntry[] }>(
        `${project(slug)}/search${queryOf({ q, locale })}`,
        { signal },
        reader,
      ),
    react: (entryId: string, emoji: string, anonymousId: string) =>
      call<{ reacted: boolean; count: number; reactions: Record<string, number> }>(
        `${base}/api/reactions`,
        post({ entryId, emoji, anonymousId }),
        reader,
      ),
    subscribe: (slug: string, email: string, page: string | null) =>
      call<{ status: string }>(
        `${base}/api/subscribe`,
        post({ project: slug, email, ...(page ? { page } : {}), ...(locale ? { locale } : {}) }),
        reader,
      ),
    /** An identified reader has seen entries up to `lastSeenAt`, or dismissed an announcement. */
    seen: (slug: string, body: { lastSeenAt?: string; announcementId?: string }) =>
      call<{ reader: ReaderState }>(`${project(slug)}/seen`, post(body), reader),
    analyticsUrl: `${base}/api/analytics`,
  };
}
export type Api = ReturnType<typeof createApi>;
