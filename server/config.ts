/**
 * The service's configuration: the environment parsed once, at start-up, with zod.
 *
 * Names and defaults come from CONTRACT.md "Operating". This is the only server module that reads
 * `process.env`; everything else receives a `Config`. An invalid value throws a `ConfigError` whose
 * message lists every offending variable by name, so the operator fixes them all in one go.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** TRUST_PROXY: a hop count, `true`, or a comma-separated list of proxy addresses / CIDR blocks. */
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((value, ctx): number | boolean | string[] | false => {
      if (value === undefined || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const items = value.split(',').map((s) => s.trim());
      for (const item of items) {
        const [address, prefix] = item.split('/');
        const family = isIP(address ?? '');
        const prefixOk =
          prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
        if (family === 0 || !prefixOk) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an IP address or CIDR block` });
          return z.NEVER;
        }
      }
      return items;
    }),
);

const schema = z.object({
  PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).default(3000),
  ),
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('127.0.0.1')),
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SHIPLOG_DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./.shiplog')),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: trustProxy,
  SHIPLOG_API_RATE_LIMIT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().default(600),
  ),
  REDIS_URL: optionalString,
});

export type Config = {
  port: number;
  host: string;
  /** `{base_url}` of the spec: absolute, no trailing slash. */
  publicUrl: string;
  /** PostgreSQL URL, or undefined for the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Fastify `trustProxy`: false means X-Forwarded-For is ignored. */
  trustProxy: number | boolean | string[];
  /** Requests per minute allowed to one API key on /api/v1. */
  apiRateLimitPerMinute: number;
  redisUrl: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parse the environment into a `Config`.
 * @param env defaults to `process.env`; tests pass their own object.
 * @throws ConfigError listing every invalid variable as `NAME: reason`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${reasons.join('; ')}`);
  }
  const e = parsed.data;
  const hostForUrl = e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.SHIPLOG_DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiRateLimitPerMinute: e.SHIPLOG_API_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
  };
}
