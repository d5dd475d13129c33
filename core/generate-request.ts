/**
 * The generate call of one draft (docs/api.md#generate-a-draft-from-commits-and-pull-requests): what gather-release.ts
 * gathered (first-parent commits with what each changed, the merged pull requests) and what the caller
 * asked for → the request body and its Idempotency-Key. Pure.
 *
 * - `commits`: the lead messages (a pull request's title and description) first, then the commits,
 *   newest first, at most 500; `commitDetails` gives what each of them touched, by that index (the
 *   lead's is the pull request's own files).
 * - `pullRequests`: always sent, empty when none could be read: the commits are first-parent ones.
 * - `internalPaths`, `detail`, `sections`: the repository's drafting settings, only when set.
 * - `source`: the pull request, the release tag, or else the range itself (`from...to`).
 * - The key is derived from the repository, the range, the operation, the source and a hash of what
 *   was sent, so a re-run of the same job gets the same answer and a re-run whose input changed (a label
 *   edited, a setting changed) re-drafts the source's one entry instead of meeting
 *   `422 idempotency_key_reused`.
 */
import { createHash } from 'node:crypto';
import { type ChangedFiles, commitDetailsOf } from './changed-files.ts';
import type { RangeCommit } from './collect-commits.ts';
import type { Category, Visibility } from './contract/entries.schema.ts';
import {
  type Detail,
  GITHUB_LOGIN,
  MAX_COMMITS,
  type PullRequestInput,
  type SectionHeading,
} from './contract/generate.schema.ts';
import type { RangeRequest } from './resolve-range.ts';
import { deriveIdempotencyKey, type ShiplogApi } from './shiplog-client.ts';

/** The repository's drafting settings (`.github/shiplog.yml`, the Action's inputs); each wins over the profile. */
export type DraftingSettings = {
  /** Globs whose changes alone are Maintenance, beside the built-in docs/tests/CI/tooling paths. */
  internalPaths?: string[] | undefined;
  /** Globs that are the product's whatever the built-in rules say (`product-paths`). */
  productPaths?: string[] | undefined;
  /** `full` (every user-facing change) or `highlights` (only those the notes would lead with). */
  detail?: Detail | undefined;
  /** This repository's headings, in order (1-4). */
  sections?: SectionHeading[] | undefined;
};

/** What the caller asks of one draft, besides the range's changes. */
export type SourceRequest = {
  range: RangeRequest;
  /** The repository's web URL (`https://github.com/owner/name`, or an Enterprise host). */
  repositoryUrl: string;
  /** Text drafted before the commits: a pull request's title and description. */
  leadMessages?: string[];
  /** What the lead messages stand for touched: a pull request's own files (the App reads them). */
  leadDetail?: ChangedFiles | undefined;
  drafting?: DraftingSettings | undefined;
  version?: string | undefined;
  category?: Category | undefined;
  visibility: Visibility;
  publish: boolean;
  /** Re-draft the source's entry even if a person edited it. */
  regenerate?: boolean;
  /** Names the operation in the Idempotency-Key (`generate`, `regenerate:<comment id>`…). */
  operation: string;
  /** A monorepo component: the entry is tagged with it (one entry per source and component). */
  component?: string | undefined;
  /**
   * A closing "Contributors" line crediting every human author of the range: of a release's pull
   * requests, or of a pull request's own commits (with `author`).
   */
  contributors?: boolean | undefined;
  /** A pull request's own draft: the login of who opened it, credited first with `contributors`. */
  author?: string | null | undefined;
};

/** Generate's request body as the clients send it (defaults left to the server). */
export type GenerateBody = Parameters<ShiplogApi['generate']>[0];

/** The settings as generate takes them: only those given (an empty `internal-paths` says nothing). */
function draftingFields(settings: DraftingSettings = {}): DraftingSettings {
  return {
    ...(settings.internalPaths?.length ? { internalPaths: settings.internalPaths } : {}),
    ...(settings.productPaths?.length ? { productPaths: settings.productPaths } : {}),
    ...(settings.detail ? { detail: settings.detail } : {}),
    ...(settings.sections?.length ? { sections: settings.sections } : {}),
  };
}

/** The logins a pull request's own draft credits: who opened it, then its commits' authors. */
function authorsOf(request: SourceRequest, commitAuthors: readonly string[]): string[] {
  if (!request.contributors || request.range.kind !== 'pull_request') return [];
  return [...new Set([...(request.author ? [request.author] : []), ...commitAuthors])]
    .filter((login) => GITHUB_LOGIN.test(login))
    .slice(0, MAX_COMMITS);
}

/**
 * @param gathered the range's start as resolved, the commits to send (newest first), the pull requests
 *   (labels already mapped) and the logins of the commits' authors.
 */
export function generateRequestOf(
  request: SourceRequest,
  gathered: {
    from: string | null;
    commits: readonly RangeCommit[];
    pullRequests: PullRequestInput[];
    authors: readonly string[];
  },
): { input: GenerateBody; key: string } {
  const { range } = request;
  const { pullRequests } = gathered;
  const repository = `${range.owner}/${range.repo}`;
  // Every draft names its source, so a re-run with other inputs (`detail`, sections) re-drafts the one
  // entry of that pull request, release or range instead of making a second (docs/github-action.md).
  const source =
    range.kind === 'pull_request'
      ? { pullRequest: range.number, headSha: range.to }
      : range.kind === 'release'
        ? { release: range.tag }
        : { range: `${gathered.from ?? ''}...${range.to}` };
  // A pull request's draft sends no pull requests: its Contributors line credits its commits' authors.
  const authors = authorsOf(request, gathered.authors);
  const lead = (request.leadMessages ?? []).filter((m) => m.trim() !== '');
  const messages = [...lead, ...gathered.commits.map((c) => c.message)].slice(0, MAX_COMMITS);
  const commitDetails = commitDetailsOf([
    ...lead.map(() => request.leadDetail),
    ...gathered.commits.map((c) => c.detail && { ...c.detail, sha: c.sha }),
  ]);
  const drafting = draftingFields(request.drafting);
  const sent = [
    messages,
    pullRequests,
    request.category ?? null,
    request.visibility,
    ...(authors.length ? [authors] : []),
    // Only when sent, so the keys of requests without them stay what they were.
    ...(commitDetails.length ? [commitDetails] : []),
    ...(Object.keys(drafting).length ? [drafting] : []),
  ];
  const key = deriveIdempotencyKey({
    repository,
    from: gathered.from,
    to: range.to,
    operation: request.operation,
    extra: [
      JSON.stringify(source ?? null),
      // Only when set, so the keys of a repository without components stay what they were.
      ...(request.component ? [`component:${request.component}`] : []),
      ...(request.contributors ? ['contributors'] : []),
      createHash('sha256').update(JSON.stringify(sent)).digest('base64url'),
    ],
  });
  const input: GenerateBody = {
    commits: messages,
    // Always, even empty: it tells generate these are first-parent commits, so a log holding merge
    // commits is not read as a full `git log` whose other commits came in with the merges (which would
    // drop every commit pushed straight to the branch when no pull-request data could be read).
    pullRequests,
    ...(commitDetails.length ? { commitDetails } : {}),
    ...drafting,
    ...(request.version ? { version: request.version } : {}),
    // A release's previous tag is the version generate's `suggestedVersion` bumps.
    ...(range.kind === 'release' && gathered.from ? { previousVersion: gathered.from } : {}),
    ...(request.category ? { category: request.category } : {}),
    visibility: request.visibility,
    publish: request.publish,
    repository,
    repositoryUrl: request.repositoryUrl,
    ...(source ? { source } : {}),
    ...(request.regenerate ? { regenerate: true } : {}),
    ...(request.component ? { component: request.component } : {}),
    ...(request.contributors ? { contributors: true } : {}),
    ...(authors.length ? { authors } : {}),
  };
  return { input, key };
}
