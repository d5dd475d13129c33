/**
 * Every route that takes a JSON body (CONTRACT.md "General": the input rules hold on all of them), as
 * requests an `inject` can send: the public ones with no key, the /api/v1 ones with a pro project's
 * key. The routes that name an entry name a draft of that project.
 */
export type JsonRoute = { method: 'POST' | 'PATCH'; url: string; headers: Record<string, string> };

export function jsonRoutes(options: { headers: Record<string, string>; draftId: string }): JsonRoute[] {
  const { headers, draftId } = options;
  const open = (url: string): JsonRoute => ({ method: 'POST', url, headers: {} });
  const keyed = (method: JsonRoute['method'], url: string): JsonRoute => ({ method, url, headers });
  return [
    open('/api/subscribe'),
    open('/api/subscribe/confirm?token=not-a-token'),
    open('/api/unsubscribe?token=not-a-token'),
    open('/api/reactions'),
    open('/api/analytics'),
    keyed('POST', '/api/v1/entries'),
    keyed('PATCH', `/api/v1/entries/${draftId}`),
    keyed('POST', `/api/v1/entries/${draftId}/publish`),
    keyed('POST', `/api/v1/entries/${draftId}/unpublish`),
    keyed('POST', '/api/v1/entries/generate'),
    keyed('POST', '/api/v1/channels'),
  ];
}
