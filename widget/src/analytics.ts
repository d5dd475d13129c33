/**
 * Analytics events (CONTRACT.md "POST /api/analytics"): `view` when the panel opens, `click` on a link in
 * an entry. Queued and sent in batches of up to 50: when the page is hidden or left (`pagehide`,
 * `visibilitychange`) with `navigator.sendBeacon`, which outlives the page, else with a keepalive fetch.
 */
export type AnalyticsEvent = {
  project: string;
  type: 'view' | 'click';
  entryId?: string;
  anonymousId: string;
  url?: string;
};

const MAX_BATCH = 50;

export function createAnalytics(
  url: string,
  send: (url: string, body: string) => boolean = (u, body) =>
    navigator.sendBeacon(u, new Blob([body], { type: 'application/json' })),
) {
  let queue: AnalyticsEvent[] = [];
  const flush = () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      const body = JSON.stringify({ events: batch });
      if (!send(url, body)) {
        void fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          keepalive: true,
        }).catch(() => {});
      }
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
