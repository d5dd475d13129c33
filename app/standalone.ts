/**
 * The App on its own, outside `shiplog serve`: `npx probot run ./app/standalone.ts`. Probot reads its
 * own variables (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET…); Shiplog is reached over HTTP with one project's
 * API key (`SHIPLOG_API_URL`, `SHIPLOG_API_KEY`), so every repository the app is installed on drafts into
 * that project. Deliveries are handled while GitHub waits (no job queue here): prefer `shiplog serve`.
 */
import { createShiplogClient } from '../core/shiplog-client.ts';
import { createShiplogApp } from './index.ts';
import { loadStandaloneConfig } from './standalone-config.ts';

const shiplogApi = loadStandaloneConfig();
const client = createShiplogClient({
  baseUrl: shiplogApi.url,
  apiKey: shiplogApi.key,
  userAgent: 'shiplog-app',
});

export default createShiplogApp({ shiplogFor: async () => client });
