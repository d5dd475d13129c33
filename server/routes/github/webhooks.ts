/**
 * POST /api/github/webhooks (CONTRACT.md "GitHub App"): GitHub's deliveries to the App. The signature
 * (`X-Hub-Signature-256`, HMAC-SHA-256 of the exact bytes) is checked on the raw body, so this scope
 * parses JSON itself, after the check (re-serialised JSON would not match). A bad or missing signature
 * is `401`; a good one is answered `202` at once and the work runs as a job (GitHub waits 10 s at most).
 */
import type { FastifyInstance } from 'fastify';
import type { Probot } from 'probot';
import { InvalidError, ShiplogError } from '../../errors.ts';
import type { ServiceContext } from '../../services/context.ts';
import { acceptWebhook } from '../../services/github/accept-webhook.ts';

/** GitHub caps payloads at 25 MB. */
const WEBHOOK_BODY_LIMIT = 25 * 1024 * 1024;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function githubWebhookRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  probot: Probot,
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/github/webhooks', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = header(request.headers['x-hub-signature-256']);
    if (!signature || !(await probot.webhooks.verify(raw, signature).catch(() => false))) {
      throw new ShiplogError(
        'unauthorized',
        'The X-Hub-Signature-256 signature is missing or does not match the body: check WEBHOOK_SECRET',
      );
    }
    const id = header(request.headers['x-github-delivery']);
    const name = header(request.headers['x-github-event']);
    if (!id || !name || id.length > 100 || name.length > 100) {
      throw new InvalidError('A delivery needs X-GitHub-Delivery and X-GitHub-Event', [
        { pointer: '/headers/x-github-delivery', detail: 'required with X-GitHub-Event' },
      ]);
    }
    try {
      JSON.parse(raw);
    } catch {
      throw new InvalidError('The body is not valid JSON', [{ pointer: '', detail: 'not JSON' }]);
    }
    const outcome = await acceptWebhook(ctx, { id, name, body: raw });
    request.log.info({ delivery: id, event: name, outcome }, 'GitHub webhook');
    return reply.code(202).send({ status: outcome });
  });
}
