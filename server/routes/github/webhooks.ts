/**
 * POST /api/github/webhooks (docs/github-app.md#github-app): GitHub's deliveries to the App. The signature
 * (`X-Hub-Signature-256`, HMAC-SHA-256 of the exact bytes) is checked on the raw body, so this scope
 * parses JSON itself, after the check (re-serialised JSON would not match). A bad or missing signature
 * is `401`; a good one is answered `202` at once and the work runs as a job (GitHub waits 10 s at most).
 *
 * What an unauthenticated sender can make the server hold is bounded before any byte of the body is
 * read: a request with no well-formed signature header, from an address over its failure limit, or
 * declaring a body over `WEBHOOK_BODY_LIMIT` is answered at once (`401`, `429`, `413`); a chunked body
 * is cut off at the limit. Failed signatures count per client address like failed API keys.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidError, PayloadTooLargeError, ShiplogError } from '../../errors/errors.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import type { ServiceContext } from '../../services/context.ts';
import { acceptWebhook } from '../../services/github/accept-webhook.ts';

/**
 * 2 MiB. GitHub caps payloads at 25 MB, but the events the App handles (pull_request, issue_comment,
 * release) carry bodies of at most 65,536 or 125,000 characters and stay far below this.
 */
export const WEBHOOK_BODY_LIMIT = 2 * 1024 * 1024;

/** Failed signatures per client address: then `429` before anything else is looked at. */
export const SIGNATURE_FAILURES = {
  name: 'webhook-signature-failures',
  max: 20,
  windowSeconds: 60,
  key: clientAddress,
};

/** `sha256=` and 64 hex digits, as GitHub sends it; anything else cannot match. */
const SIGNATURE_FORMAT = /^sha256=([0-9a-f]{64})$/i;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function badSignature(): ShiplogError {
  return new ShiplogError(
    'unauthorized',
    'The X-Hub-Signature-256 signature is missing or does not match the body: check WEBHOOK_SECRET',
  );
}

/** The hex digest of a well-formed signature header, or undefined. */
function signatureOf(request: FastifyRequest): string | undefined {
  return SIGNATURE_FORMAT.exec(header(request.headers['x-hub-signature-256']) ?? '')?.[1];
}

/** Mounted only when the App is configured (`ctx.config.github`). */
export async function githubWebhookRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  if (!ctx.config.github) throw new Error('the GitHub App is not configured');
  const secret = ctx.config.github.webhookSecret;
  const failures = app.failureLimit(SIGNATURE_FAILURES);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  // Before the body is read: the sender's failure count, the signature's shape, the declared length.
  app.addHook('onRequest', async (request) => {
    await failures.assertAllowed(request);
    if (!signatureOf(request)) {
      await failures.recordFailure(request);
      throw badSignature();
    }
    const declared = Number(request.headers['content-length']);
    if (declared > WEBHOOK_BODY_LIMIT) {
      throw new PayloadTooLargeError(
        `The body exceeds ${WEBHOOK_BODY_LIMIT / 1024 / 1024} MiB, the most this server accepts from GitHub`,
      );
    }
  });

  app.post('/api/github/webhooks', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const expected = createHmac('sha256', secret).update(raw).digest();
    if (!timingSafeEqual(expected, Buffer.from(signatureOf(request)!, 'hex'))) {
      await failures.recordFailure(request);
      throw badSignature();
    }
    const id = header(request.headers['x-github-delivery']);
    const name = header(request.headers['x-github-event']);
    if (!id || !name || id.length > 100 || name.length > 100) {
      throw new InvalidError('A delivery needs X-GitHub-Delivery and X-GitHub-Event', [
        { pointer: '/headers/x-github-delivery', detail: 'required with X-GitHub-Event' },
      ]);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
      JSON.parse(text);
    } catch {
      throw new InvalidError('The body is not valid JSON', [{ pointer: '', detail: 'not JSON' }]);
    }
    const outcome = await acceptWebhook(ctx, { id, name, body: text });
    request.log.info({ delivery: id, event: name, outcome }, 'GitHub webhook');
    return reply.code(202).send({ status: outcome });
  });
}
