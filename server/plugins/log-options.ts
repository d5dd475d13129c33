/**
 * The request log's options: pino at the configured level, with secrets kept out (docs/configuration.md#configuration): the Authorization and Idempotency-Key headers are redacted, and so is the value of
 * every `token` query parameter (confirmation and unsubscribe links carry their secret there), the
 * token segment of a draft preview's path (`/changelog/{slug}/preview/{token}`) and of the dashboard's
 * setup and invitation checks. Cookies (the dashboard's session) are never logged: only the request
 * line and addresses are. `LOG_LEVEL=silent` is no logger at all (`false`), not pino at level silent: a
 * request then builds no child logger, a cost every widget hit paid for lines nobody writes
 * (bench/widget-throughput.ts).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const TOKEN_PARAM = /([?&](?:token|key|secret)=)[^&#]*/gi;

// Wherever it stands (a doubled slash or a prefix does not reach the route, but is logged all the same).
const PREVIEW_TOKEN = /(\/preview\/)[^/?#]+/gi;

// The dashboard's link checks carry their token in the path: `/api/dashboard/setup/{token}`,
// `/api/dashboard/invitations/{token}`.
const DASHBOARD_TOKEN = /(\/api\/dashboard\/(?:setup|invitations)\/)[^/?#]+/gi;

/** `url` with its token-bearing query parameters and path segments replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url
    .replace(PREVIEW_TOKEN, '$1[redacted]')
    .replace(DASHBOARD_TOKEN, '$1[redacted]')
    .replace(TOKEN_PARAM, '$1[redacted]');
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: [
      'req.headers.authorization',
      'req.headers["idempotency-key"]',
      'req.headers.cookie',
      'req.headers["x-csrf-token"]',
    ],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
