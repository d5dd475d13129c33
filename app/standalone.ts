/**
 * The App on its own, outside `shiplog serve`: `npx probot run ./app/standalone.ts`. Probot reads its
 * own variables (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET…); Shiplog is reached over HTTP with one project's
 * API key (`SHIPLOG_API_URL`, `SHIPLOG_API_KEY`), so every repository the app is installed on drafts into
 * that project. Deliveries are handled while GitHub waits (no job queue here): prefer `shiplog serve`.
 */
import { createShiplogClient } from '../core/shiplog-client.ts';
import { loadConfig } from '../server/config.ts';
import { createShiplogApp } from './index.ts';

const { shiplogApi } = loadConfig();
if (!shiplogApi)
  throw new Error('Set SHIPLOG_API_URL and SHIPLOG_API_KEY (a key of the project to draft into).');
const client = createShiplogClient({
  baseUrl: shiplogApi.url,
  apiKey: shiplogApi.key,
  userAgent: 'shiplog-app',
});

export default createShiplogApp({ shiplogFor: async () => client });
