/**
 * The public scope: what readers and embedding sites reach with no key (CORS `*`, preflight answered,
 * docs/api.md#public-engagement-no-key-cors-): the widget JSON and script, the feeds, the changelog
 * pages, search, subscribe, reactions, analytics, and uploaded images. Each module registers in its own
 * encapsulated scope, so a reader-identity hook of one never runs on another's routes.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../services/context.ts';
import { analyticsIngestRoutes } from './analytics.ts';
import { changelogRoutes } from './changelog.ts';
import { feedRoutes } from './feeds.ts';
import { reactionsRoutes } from './reactions.ts';
import { searchRoutes } from './search.ts';
import { subscribeRoutes } from './subscribe.ts';
import { uploadsRoutes } from './uploads.ts';
import { widgetRoutes } from './widget.ts';
import { widgetScriptRoutes } from './widget-script.ts';

export async function publicRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  await app.register((scope) => widgetRoutes(scope, ctx));
  await app.register((scope) => widgetScriptRoutes(scope, ctx));
  await app.register((scope) => feedRoutes(scope, ctx));
  await app.register((scope) => changelogRoutes(scope, ctx));
  await app.register((scope) => searchRoutes(scope, ctx));
  await app.register((scope) => subscribeRoutes(scope, ctx));
  await app.register((scope) => reactionsRoutes(scope, ctx));
  await app.register((scope) => analyticsIngestRoutes(scope, ctx));
  await app.register((scope) => uploadsRoutes(scope, ctx));
}
