/**
 * The standalone App's own configuration (`npx probot run ./app/standalone.ts`): the Shiplog server it
 * drafts into and one project's API key. Probot reads its own variables (APP_ID, PRIVATE_KEY,
 * WEBHOOK_SECRET…); this module reads only these two, once, with zod, and names every bad one.
 */
import { z } from 'zod';

const schema = z.object({
  SHIPLOG_API_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a Shiplog server' }),
  SHIPLOG_API_KEY: z.string().regex(/^shl_[0-9A-Za-z]{36}$/, 'must be a Shiplog API key (shl_…)'),
});

export type StandaloneConfig = { url: string; key: string };

/**
 * @param env defaults to `process.env`; tests pass their own object.
 * @throws Error listing every missing or invalid variable as `NAME: reason`.
 */
export function loadStandaloneConfig(
  env: Record<string, string | undefined> = process.env,
): StandaloneConfig {
  const values = {
    SHIPLOG_API_URL: env.SHIPLOG_API_URL || undefined,
    SHIPLOG_API_KEY: env.SHIPLOG_API_KEY || undefined,
  };
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0]) as keyof typeof values;
      return `${name}: ${values[name] === undefined ? 'is required' : i.message}`;
    });
    throw new Error(
      `invalid configuration for the standalone App (the Shiplog server and a key of the project to draft into): ${problems.join('; ')}`,
    );
  }
  return { url: parsed.data.SHIPLOG_API_URL, key: parsed.data.SHIPLOG_API_KEY };
}
