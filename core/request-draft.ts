/**
 * The flow the Action with a server and the App share: a range's changes gathered into generate's
 * request (gather-release.ts), sent to the Shiplog server's generate, and the entry's full record read
 * back. Dependencies come in as arguments: those of the gathering and the Shiplog API (HTTP client or
 * in-process). The caller posts the comment.
 */
import type { CollectedCommits } from './collect-commits.ts';
import type { Entry } from './contract/entries.schema.ts';
import type { GenerateResponse, PullRequestInput } from './contract/generate.schema.ts';
import { type DraftRequest, type GatherDeps, gatherRelease } from './gather-release.ts';
import type { ShiplogApi } from './shiplog-client.ts';

export type DraftDeps = GatherDeps & { shiplog: ShiplogApi };

export type DraftResult = {
  /** The start of the range as resolved (a release's previous tag), or null for "from the beginning". */
  from: string | null;
  commits: CollectedCommits;
  /** The merged pull requests sent with the commits (none for a pull request's own draft). */
  pullRequests: PullRequestInput[];
  /** Null when the range had no commits (nothing was drafted). */
  generated: (GenerateResponse & { replayed: boolean }) | null;
  /** The entry's full record after the call (preview link, edit state). */
  entry: Entry | null;
};

/**
 * The range's draft from the server: its changes gathered, generate called with the request's
 * Idempotency-Key, the entry read back. A range without commits drafts nothing (`generated: null`).
 * @throws what gathering throws (ShallowCheckoutError, GitHub errors) and the Shiplog client's errors.
 */
export async function requestDraft(deps: DraftDeps, request: DraftRequest): Promise<DraftResult> {
  const { from, commits, pullRequests, request: made } = await gatherRelease(deps, request);
  if (!made) return { from, commits, pullRequests, generated: null, entry: null };
  const generated = await deps.shiplog.generate(made.input, made.key);
  const entry = await deps.shiplog.getEntry(generated.entry.id);
  return { from, commits, pullRequests, generated, entry };
}
