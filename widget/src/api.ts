/**
 * The public endpoints the widget calls (CONTRACT.md "Public endpoints"), with the shapes it reads.
 * Types only come from core/contract: its runtime schemas (zod, validator) stay out of the bundle.
 */
import type { Category } from '../../core/contract/entries.schema.ts';

export type WidgetEntry = {
  id: string;
  title: string;
  version: string | null;
  category: Category;
  publishedAt: string;
  html: string;
  /** Every emoji readers may use, in order, with its count. */
  reactions: Record<string, number>;
  /** The entry's public page, `{base_url}/changelog/{project}/{entry slug}`. */
  url: string;
};

export type WidgetDocument = {
  project: {
    name: string;
    slug: string;
    settings: { accent: string; position: string; theme: string };
    branding: boolean;
  };
  entries: WidgetEntry[];
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

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
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
    throw new WidgetApiError(response.status, Number.isFinite(retry) && retry > 0 ? retry : null, detail);
  }
  return (await response.json()) as T;
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function createApi(base: string) {
  return {
    // `no-cache`: revalidated with its ETag on every page (a 304 when unchanged), so a visitor never
    // sees yesterday's list from the browser's cache; a CDN still holds it as Cache-Control says.
    widget: (project: string, component: string | null = null) =>
      call<WidgetDocument>(
        `${base}/api/widget/${encodeURIComponent(project)}${component ? `?component=${encodeURIComponent(component)}` : ''}`,
        { cache: 'no-cache' },
      ),
    react: (entryId: string, emoji: string, anonymousId: string) =>
      call<{ reacted: boolean; count: number; reactions: Record<string, number> }>(
        `${base}/api/reactions`,
        post({ entryId, emoji, anonymousId }),
      ),
    subscribe: (project: string, email: string, page: string | null) =>
      call<{ status: string }>(`${base}/api/subscribe`, post({ project, email, ...(page ? { page } : {}) })),
    analyticsUrl: `${base}/api/analytics`,
  };
}
export type Api = ReturnType<typeof createApi>;
