/**
 * A shallow checkout is never drafted from silently (issue "Drafts a maintainer publishes as drafted",
 * scope 2). `actions/checkout` clones one commit by default: its `git log` would give a one-commit
 * "release" and its tag list no previous release. So a shallow clone is deepened first (`git fetch
 * --unshallow --tags`); when that fails, the checkout is not used and the range comes from the REST
 * API, and without API access the step fails with a message naming the fix (`fetch-depth: 0`).
 */
import type { GitRunner } from './collect-commits.ts';

export type CheckoutState = 'full' | 'deepened' | 'shallow';

/** Thrown when the range can be read neither from the checkout nor from the API. */
export class ShallowCheckoutError extends Error {
  override name = 'ShallowCheckoutError';
}

export const SHALLOW_FIX =
  'The checkout is shallow (actions/checkout fetches one commit by default) and could not be deepened. Check out the whole history with `fetch-depth: 0` in the actions/checkout step, or pass a `github-token` so Shiplog can read the range from the GitHub API.';

/** Deepen a shallow checkout; `shallow` when it stays shallow (the caller must not read the range from it). */
export async function prepareCheckout(
  git: GitRunner,
  log: { info: (message: string) => void; warning: (message: string) => void },
): Promise<CheckoutState> {
  let shallow: boolean;
  try {
    shallow = (await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  } catch {
    return 'shallow';
  }
  if (!shallow) return 'full';
  log.info('The checkout is shallow: fetching the whole history and the tags (git fetch --unshallow --tags)');
  try {
    await git(['fetch', '--quiet', '--unshallow', '--tags', 'origin']);
    return 'deepened';
  } catch (err) {
    log.warning(
      `Could not deepen the shallow checkout (${(err as Error).message.split('\n')[0]}): reading the range from the GitHub API instead.`,
    );
    return 'shallow';
  }
}
