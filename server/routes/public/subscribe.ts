/**
 * Subscriptions with double opt-in (docs/api.md#public-engagement-no-key-cors-):
 * - `POST /api/subscribe` → 202 `{"status":"pending"}`, whatever the address's state;
 * - `GET /api/subscribe/confirm?token=` shows a page; its button POSTs to the same URL, which confirms;
 * - `GET /api/unsubscribe?token=` shows a page; `POST` unsubscribes (RFC 8058 one-click: no cookie,
 *   `List-Unsubscribe=One-Click` form body, urlencoded or `multipart/form-data`, both answered alike:
 *   RFC 8058 §3.1 names no encoding, and mail providers post multipart).
 * Pages answer HTML to browsers and problem documents to everyone else.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SubscribeInputSchema } from '../../../core/contract/public.schema.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { pageOrProblemResponses, problemResponses } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import type { ServiceContext } from '../../services/context.ts';
import {
  confirm,
  lookupConfirmation,
  lookupUnsubscribe,
  requestSubscribe,
  unsubscribeByToken,
} from '../../services/engagement/manage-subscription.ts';
import { asPage as asPageOf, sendPage, wantsHtml } from '../../plugins/html-pages.ts';
import { acceptMultipartForm } from '../../plugins/multipart-form.ts';
import { renderPage } from '../../services/engagement/render-page.ts';
import { SUBSCRIBE_ADDRESS, SUBSCRIBE_IP } from './rate-limits.ts';

const TokenQuery = z.object({ token: z.string().min(1).max(512) });

/** A JSON answer `{"status": status}`, or for a browser (`Accept: text/html`) a page. */
function statusOrPage(status: string, description: string) {
  return {
    description,
    content: {
      'application/json': { schema: z.object({ status: z.literal(status) }) },
      'text/html': { schema: z.string() },
    },
  };
}
const PAGE = {
  description: 'A page with a button that POSTs to the same address',
  content: { 'text/html': { schema: z.string() } },
};
/** A one-click body is one short field; anything near this is not one. */
const ONE_CLICK_MAX_BYTES = 4096;
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

function page(
  reply: FastifyReply,
  status: number,
  content: Parameters<typeof renderPage>[0],
): Promise<FastifyReply> {
  return sendPage(reply.headers(PAGE_HEADERS), renderPage(content), { status });
}

/** A page action of these routes: unknown or used links become a 404 page for browsers. */
function asPage(
  request: FastifyRequest,
  reply: FastifyReply,
  title: string,
  run: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  return asPageOf(request, reply, title, run, PAGE_HEADERS);
}

export async function subscribeRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(base, PUBLIC_DOCS('Subscriptions'));
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Form posts from the pages' buttons and from mail clients' one-click unsubscribe.
  await app.register(formbody, { bodyLimit: 4096 });

  app.post(
    '/api/subscribe',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Subscribe an email address',
        description:
          'Sends a confirmation link (double opt-in). The same answer whether the address is new, pending or confirmed.',
        operationId: 'subscribe',
        body: SubscribeInputSchema,
        response: {
          202: statusOrPage(
            'pending',
            'Accepted: a confirmation email is on its way if the address can get one',
          ),
          // 401: an `identified` project takes no subscribers (services/engagement/manage-subscription.ts).
          ...problemResponses(401, 404, 429),
        },
      },
      onRequest: app.rateLimitHook([SUBSCRIBE_IP]),
      preHandler: app.rateLimitHook([SUBSCRIBE_ADDRESS]),
    },
    async (request, reply) => {
      await requestSubscribe(ctx, {
        project: request.body.project,
        email: request.body.email,
        locale: request.body.locale ?? null,
        consent: {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          page: request.body.page ?? request.headers.referer ?? null,
        },
      });
      // The changelog page's form posts here: a browser gets a page, every state the same one.
      if (wantsHtml(request)) {
        return page(reply, 202, {
          title: 'Check your inbox',
          message:
            'If this address can get these updates, a confirmation link is on its way. Open it within 48 hours and press Confirm.',
        });
      }
      return reply.code(202).header('cache-control', 'no-store').send({ status: 'pending' });
    },
  );

  app.get(
    '/api/subscribe/confirm',
    {
      schema: {
        summary: 'The confirmation page (changes nothing: link scanners open links)',
        operationId: 'showSubscribeConfirmation',
        querystring: TokenQuery,
        response: { 200: PAGE, ...pageOrProblemResponses(404) },
      },
    },
    async (request, reply) =>
      asPage(request, reply, 'Confirm your subscription', async () => {
        const pending = await lookupConfirmation(ctx, request.query.token);
        if (!pending)
          throw new NotFoundError(
            'This confirmation link is unknown, already used or expired; subscribe again to get a new one',
          );
        return page(reply, 200, {
          title: 'Confirm your subscription',
          message: `Confirm that ${pending.email} should receive release notes.`,
          button: { label: 'Confirm subscription', action: request.url },
        });
      }),
  );

  app.post(
    '/api/subscribe/confirm',
    {
      schema: {
        summary: 'Confirm a subscription',
        operationId: 'confirmSubscription',
        querystring: TokenQuery,
        response: { 200: statusOrPage('confirmed', 'Confirmed'), ...pageOrProblemResponses(404) },
      },
    },
    async (request, reply) =>
      asPage(request, reply, 'Confirm your subscription', async () => {
        const { subscriber, project } = await confirm(ctx, request.query.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        if (!wantsHtml(request)) return reply.headers(PAGE_HEADERS).send({ status: 'confirmed' });
        return page(reply, 200, {
          title: 'You are subscribed',
          message: `${subscriber.email} will receive release notes. Every email has an unsubscribe link.`,
          ...(project
            ? { link: { label: `Read the ${project.name} changelog`, href: project.changelogUrl } }
            : {}),
        });
      }),
  );

  app.get(
    '/api/unsubscribe',
    {
      schema: {
        summary: 'The unsubscribe page (changes nothing)',
        operationId: 'showUnsubscribe',
        querystring: TokenQuery,
        response: { 200: PAGE, ...pageOrProblemResponses(404) },
      },
    },
    async (request, reply) =>
      asPage(request, reply, 'Unsubscribe', async () => {
        const row = await lookupUnsubscribe(ctx, request.query.token);
        return page(reply, 200, {
          title: 'Unsubscribe',
          message:
            row.status === 'unsubscribed'
              ? `${row.email} is already unsubscribed.`
              : `Stop sending release notes to ${row.email}?`,
          button: { label: 'Unsubscribe', action: request.url },
        });
      }),
  );

  // Multipart only here (plugins/multipart-form.ts): mail providers post the one-click form that way.
  await app.register(async (scope) => {
    await acceptMultipartForm(scope, ONE_CLICK_MAX_BYTES);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/unsubscribe',
      {
        schema: {
          summary: 'Unsubscribe (RFC 8058 one-click)',
          description:
            'No cookie; the body, if any, is the one-click form (`List-Unsubscribe=One-Click`, urlencoded or multipart).',
          operationId: 'unsubscribe',
          querystring: TokenQuery,
          response: { 200: statusOrPage('unsubscribed', 'Unsubscribed'), ...pageOrProblemResponses(404) },
        },
        bodyLimit: ONE_CLICK_MAX_BYTES,
      },
      async (request, reply) =>
        asPage(request, reply, 'Unsubscribe', async () => {
          const row = await unsubscribeByToken(ctx, request.query.token);
          if (!wantsHtml(request)) return reply.headers(PAGE_HEADERS).send({ status: 'unsubscribed' });
          return page(reply, 200, {
            title: 'Unsubscribed',
            message: `${row.email} will not receive release notes any more.`,
          });
        }),
    );
  });
}
