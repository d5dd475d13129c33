/**
 * Where the dashboard lives: every page's address is under `/app` (server/routes/dashboard-app.ts
 * serves the app there). `toApp` makes a link absolute from inside a nested route, where wouter
 * resolves plain paths against the nest (a project's /app/p/{slug}); `~` is wouter's absolute prefix.
 */
export const APP_BASE = '/app';

/** `path` (from the app's root, `/account`) as a link that leaves any nest. */
export const toApp = (path: string): string => `~${APP_BASE}${path === '/' ? '' : path}`;
