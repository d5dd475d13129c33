/**
 * The service's configuration: the environment parsed once, at start-up, with zod.
 *
 * Names and defaults come from docs/configuration.md#configuration. This is the only server module that reads
 * `process.env`; everything else receives a `Config`. An invalid value throws a `ConfigError` whose
 * message lists every offending variable by name, so the operator fixes them all in one go.
 */
import { isIP } from 'node:net';
import { getPrivateKey } from '@probot/get-private-key';
import { z } from 'zod';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * TRUST_PROXY: a comma-separated list of proxy addresses / CIDR blocks (docs/api.md#public-engagement-no-key-cors-).
 * A hop count or `true` is refused: either lets a client that connects directly pick its own address
 * by sending X-Forwarded-For (Fastify 5.12.8 dropped hop-count trust for that reason).
 */
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((value, ctx): string[] | false => {
      if (value === undefined || value === 'false') return false;
      if (/^\d+$/.test(value) || value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message: `"${value}" would let any direct client choose its address; list the proxies' addresses or CIDR blocks instead, e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=127.0.0.1`,
        });
        return z.NEVER;
      }
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
  REDIS_PREFIX: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('shiplog:')),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString,
  SHIPLOG_AI: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['openai', 'offline', 'off']).optional(),
  ),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  OPENAI_MODEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('gpt-4o-mini')),
  SHIPLOG_AI_TIMEOUT_MS: positiveInt(60_000),
  SHIPLOG_AI_MAX_RETRIES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(10).default(2),
  ),
  SHIPLOG_AI_MAX_INPUT_TOKENS: positiveInt(24_000),
  SHIPLOG_RENDER_TIMEOUT_MS: positiveInt(2_000),
  SHIPLOG_RENDER_THREADS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(2).max(64).optional(),
  ),
  SHIPLOG_AI_QUOTA_PRO: nonNegativeInt(200),
  SHIPLOG_AI_QUOTA_BUSINESS: nonNegativeInt(2000),
  SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['true', 'false']).default('false'),
  ),
  // The GitHub App (docs/github-app.md#github-app); Probot's own variable names.
  APP_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^\d+$/, 'must be a number').optional(),
  ),
  PRIVATE_KEY: optionalString,
  PRIVATE_KEY_PATH: optionalString,
  WEBHOOK_SECRET: optionalString,
  GITHUB_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/ }).default('https://api.github.com'),
  ),
  // A standalone App (`probot run app/standalone.ts`) reaches Shiplog over HTTP with one project's key.
  // Prometheus metrics (docs/deployment.md#metrics): off unless one is set.
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
});

/** Every environment variable this module reads (docs/configuration.md's table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

function positiveInt(fallback: number) {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().default(fallback),
  );
}
function nonNegativeInt(fallback: number) {
  return z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).default(fallback));
}

const checkedSchema = schema.superRefine((env, ctx) => {
  if (env.SHIPLOG_AI === 'openai' && !env.OPENAI_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'is required when SHIPLOG_AI=openai' });
  }
  // The App is on when any of its settings is given; then all are needed.
  const app = {
    APP_ID: env.APP_ID,
    PRIVATE_KEY: env.PRIVATE_KEY ?? env.PRIVATE_KEY_PATH,
    WEBHOOK_SECRET: env.WEBHOOK_SECRET,
  };
  if (Object.values(app).some((v) => v !== undefined)) {
    for (const [name, value] of Object.entries(app)) {
      if (value === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required for the GitHub App (APP_ID, PRIVATE_KEY or PRIVATE_KEY_PATH, WEBHOOK_SECRET)`,
        });
    }
  }
});

/** The App's private key (PEM) from PRIVATE_KEY (PEM, `\\n`-escaped or base64) or PRIVATE_KEY_PATH. */
function readPrivateKey(env: {
  PRIVATE_KEY?: string | undefined;
  PRIVATE_KEY_PATH?: string | undefined;
}): string {
  try {
    const key = getPrivateKey({
      env: { PRIVATE_KEY: env.PRIVATE_KEY, PRIVATE_KEY_PATH: env.PRIVATE_KEY_PATH },
    });
    if (key) return key;
  } catch (err) {
    throw new ConfigError(
      `invalid configuration: PRIVATE_KEY: ${(err as Error).message.replace(/^\[[^\]]+\] /, '')}`,
    );
  }
  throw new ConfigError('invalid configuration: PRIVATE_KEY: is required for the GitHub App');
}

export type AiConfig = {
  /** docs/api.md#generate-a-draft-from-commits-and-pull-requests: openai when a key is set, else offline; SHIPLOG_AI overrides. */
  provider: 'openai' | 'offline' | 'off';
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** Prompt budget, in tokens of the o200k_base encoding. */
  maxInputTokens: number;
  /** AI drafts per project per calendar month (UTC), by plan. */
  monthlyQuota: { pro: number; business: number };
};

export type Config = {
  port: number;
  host: string;
  /** `{base_url}` of the spec: absolute, no trailing slash. */
  publicUrl: string;
  /** PostgreSQL URL, or undefined for the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Proxies whose X-Forwarded-For is believed (addresses/CIDRs); false: X-Forwarded-For is ignored. */
  trustProxy: string[] | false;
  /** Time budget of rendering one entry body, in milliseconds (over it: `400 invalid`). */
  renderTimeoutMs: number;
  /** Worker threads that render Markdown; undefined: the machine's parallelism (at least 2). */
  renderThreads: number | undefined;
  /** Channels may deliver to loopback, private and link-local addresses (intranets, tests). */
  allowPrivateDestinations: boolean;
  /** Requests per minute allowed to one API key on /api/v1. */
  apiRateLimitPerMinute: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so deployments can share one Redis. */
  redisPrefix: string;
  /** SMTP server (`smtp://user:pass@host:587`); unset: emails are written to the log. */
  smtpUrl: string | undefined;
  /** From address of every email; default `Shiplog <no-reply@PUBLIC_URL host>`. */
  mailFrom: string;
  /** True when MAIL_FROM is unset and `mailFrom` is made from PUBLIC_URL's host. */
  mailFromDefaulted: boolean;
  ai: AiConfig;
  /** The GitHub App mounted at POST /api/github/webhooks, when configured. */
  github: GithubAppConfig | null;
  /** `GET /metrics` on the app's port answers this Bearer token; undefined: not served there. */
  metricsToken: string | undefined;
  /** A listener of its own serving only `/metrics` (on `host`); undefined: none. */
  metricsPort: number | undefined;
};

export type GithubAppConfig = {
  appId: string;
  /** PEM; never logged. */
  privateKey: string;
  /** Signs webhook deliveries (X-Hub-Signature-256); never logged. */
  webhookSecret: string;
  /** `https://api.github.com`, a GitHub Enterprise `https://host/api/v3`, or a stand-in. */
  apiUrl: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parse the environment into a `Config`.
 * @param env defaults to `process.env`; tests pass their own object.
 * @param overrides values that win over `env` (the CLI's `serve --port/--host`), checked the same way.
 * @throws ConfigError listing every invalid variable as `NAME: reason`.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Record<string, string> = {},
): Config {
  const parsed = checkedSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${reasons.join('; ')}`);
  }
  const e = parsed.data;
  const hostForUrl = e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.SHIPLOG_DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    renderTimeoutMs: e.SHIPLOG_RENDER_TIMEOUT_MS,
    renderThreads: e.SHIPLOG_RENDER_THREADS,
    allowPrivateDestinations: e.SHIPLOG_ALLOW_PRIVATE_DESTINATIONS === 'true',
    apiRateLimitPerMinute: e.SHIPLOG_API_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Shiplog <no-reply@${new URL(publicUrl).hostname}>`,
    mailFromDefaulted: e.MAIL_FROM === undefined,
    ai: {
      provider: e.SHIPLOG_AI ?? (e.OPENAI_API_KEY ? 'openai' : 'offline'),
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      timeoutMs: e.SHIPLOG_AI_TIMEOUT_MS,
      maxRetries: e.SHIPLOG_AI_MAX_RETRIES,
      maxInputTokens: e.SHIPLOG_AI_MAX_INPUT_TOKENS,
      monthlyQuota: { pro: e.SHIPLOG_AI_QUOTA_PRO, business: e.SHIPLOG_AI_QUOTA_BUSINESS },
    },
    github:
      e.APP_ID && e.WEBHOOK_SECRET
        ? {
            appId: e.APP_ID,
            privateKey: readPrivateKey(e),
            webhookSecret: e.WEBHOOK_SECRET,
            apiUrl: e.GITHUB_API_URL.replace(/\/+$/, ''),
          }
        : null,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
  };
}
