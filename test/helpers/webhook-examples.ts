/** Real webhook payloads from @octokit/webhooks-examples. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const all = require('@octokit/webhooks-examples/api.github.com/index.json') as {
  name: string;
  examples: Record<string, any>[];
}[];

/** The first example of `event` (with `action`, when given), deep-copied. */
export function webhookExample(
  event: string,
  action?: string,
  pick: (e: Record<string, any>) => boolean = () => true,
): Record<string, any> {
  const found = all
    .find((e) => e.name === event)
    ?.examples.find((e) => (action === undefined || e.action === action) && pick(e));
  if (!found) throw new Error(`no ${event}.${action} example`);
  return structuredClone(found);
}
