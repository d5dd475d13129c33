/**
 * Every route that takes a JSON body (docs/api.md#input-rules: the input rules hold on all of them), as
 * requests an `inject` can send: the public ones with no key, the /api/v1 ones with a pro project's
 * key, and (when asked) the dashboard's. The routes that name an entry name a draft of that project.
 */
export type JsonRoute = { method: 'POST' | 'PATCH'; url: string; headers: Record<string, string> };

/**
 * @param options.dashboard when given, the dashboard's JSON routes follow: those open to anyone with a
 *   same-origin `Origin`, then those of a signed-in owner of `slug` (`headers`: cookie, Origin, CSRF).
 */
export function jsonRoutes(options: {
  headers: Record<string, string>;
  draftId: string;
  dashboard?: { origin: string; headers: Record<string, string>; slug: string; userId: string };
}): JsonRoute[] {
  const { headers, draftId, dashboard } = options;
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
    ...(dashboard ? dashboardRoutes(dashboard) : []),
  ];
}

function dashboardRoutes(d: NonNullable<Parameters<typeof jsonRoutes>[0]['dashboard']>): JsonRoute[] {
  const open = (url: string): JsonRoute => ({ method: 'POST', url, headers: { origin: d.origin } });
  const signedIn = (method: JsonRoute['method'], url: string): JsonRoute => ({
    method,
    url,
    headers: d.headers,
  });
  const project = `/api/dashboard/projects/${d.slug}`;
  return [
    open('/api/dashboard/setup'),
    open('/api/dashboard/sign-in'),
    open('/api/dashboard/password-reset'),
    open('/api/dashboard/password-reset/confirm'),
    open('/api/dashboard/invitations/accept'),
    signedIn('POST', '/api/dashboard/password'),
    signedIn('POST', '/api/dashboard/projects'),
    signedIn('PATCH', project),
    signedIn('POST', `${project}/members`),
    signedIn('PATCH', `${project}/members/${d.userId}`),
    signedIn('POST', `${project}/keys`),
  ];
}
