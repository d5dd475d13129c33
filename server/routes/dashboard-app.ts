/**
 * The dashboard's single-page app at `{base_url}/app` (docs/api.md#dashboard-api): the committed Vite
 * build in dashboard/dist, so `npm ci && npm start` serves it with no build step.
 * - `GET /app` and every `/app/*` deep link → index.html (`no-cache`: a new deploy's asset names are
 *   seen at once), under a strict CSP: scripts, styles and connections from this origin only, nothing
 *   inline (the build emits external files only), images also from `https:` and `data:` (entries name
 *   them, as in the widget);
 * - `GET /app/setup?token=…` is that page only while the link may create the first account, else `404`;
 * - `GET /app/assets/*` → the content-hashed files, cached for a year (`immutable`), nosniff.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFoundError } from '../errors/errors.ts';
import { asPage, sendPage, WIDGET_HOST_CSP } from '../plugins/html-pages.ts';
import { isSetupLinkUsable } from '../services/accounts/set-up-first-account.ts';
import type { ServiceContext } from '../services/context.ts';

/** The app's page embeds the real widget (Settings' live preview): the widget host's CSP fits it exactly. */
export const DASHBOARD_CSP = WIDGET_HOST_CSP;

// Source (server/routes) and build output (dist/server/routes) both sit two folders below dashboard/.
const DIST = new URL('../../dashboard/dist/', import.meta.url);

export async function dashboardAppRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const html = await readFile(new URL('index.html', DIST), 'utf8').catch(() => null);
  if (!html) app.log.warn('dashboard/dist is missing: run `npm run build` to serve /app');
  const sendApp = (reply: FastifyReply) => {
    if (!html) throw new NotFoundError('The dashboard is not built on this server: run `npm run build`');
    return sendPage(reply, html, { cacheControl: 'no-cache', csp: DASHBOARD_CSP });
  };

  if (html) {
    await app.register(fastifyStatic, {
      root: fileURLToPath(new URL('assets/', DIST)),
      prefix: '/app/assets/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: 365 * 24 * 3600 * 1000,
      setHeaders: (reply: FastifyReply) => {
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  }

  app.get<{ Querystring: { token?: string } }>('/app/setup', async (request, reply) =>
    asPage(request, reply, 'No such setup link', async () => {
      const token = request.query.token;
      if (typeof token !== 'string' || token.length > 200 || !(await isSetupLinkUsable(ctx, token))) {
        throw new NotFoundError(
          'This setup link is unknown, already used or expired, or an account exists already: sign in instead',
        );
      }
      return sendApp(reply);
    }),
  );
  app.get('/app', async (_request, reply) => sendApp(reply));
  app.get('/app/*', async (_request, reply) => sendApp(reply));
}
