/**
 * Analytics events (docs/api.md#public-engagement-no-key-cors-): a `view` of each entry the reader saw in the
 * open panel (track-entry-views.ts), a `click` on a link in an entry; both name the entry. Queued and
 * sent in batches of up to 50 when the page is hidden or left (`pagehide`, `visibilitychange`), with a
 * `keepalive` fetch, which outlives the page like a beacon.
 *
 * Not `navigator.sendBeacon`: a beacon always carries credentials, so a cross-origin JSON beacon is
 * refused under the public endpoints' `Access-Control-Allow-Origin: *` (Chromium's preflight fails and
 * the events are lost). A keepalive fetch with `credentials: 'omit'` passes the same preflight.
 */
export type AnalyticsEvent = {
  project: string;
  type: 'view' | 'click';
  entryId?: string;
  anonymousId: string;
  url?: string;
};

const MAX_BATCH = 50;

export type Transport = (url: string, body: string) => void;

/** A keepalive fetch, with an identified reader's token (`X-Shiplog-Reader`) when there is one. */
export const keepaliveFetch =
  (reader: string | null): Transport =>
  (url, body) => {
    void fetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json', ...(reader ? { 'x-shiplog-reader': reader } : {}) },
      body,
    }).catch(() => {
      // Analytics are best effort: a lost batch is not worth an error on the host page.
    });
  };

export function createAnalytics(url: string, send: Transport) {
  let queue: AnalyticsEvent[] = [];
  const flush = () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      send(url, JSON.stringify({ events: batch }));
    }
  };
  return {
    track(event: AnalyticsEvent) {
      queue.push(event);
      if (queue.length >= MAX_BATCH) flush();
    },
    flush,
    pending: () => queue.length,
  };
}
