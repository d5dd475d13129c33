/**
 * The drafting library's one orchestrator (docs/drafting.md): a release's changes (generate's input)
 * and the project's drafting profile → a draft, in a few numbered steps, one stage folder each:
 *
 * 1. `changes/`: each commit and pull request read as a change, by what its author said (type, `!`,
 *    labels, a release-note section), then reverts, duplicates and same-range fixes tidied away;
 * 2. `evidence/`: what each change touched (its files) decides where its author said nothing;
 * 3. `select/`: the project's drafting profile decides what the author and the files left open;
 * 4. `render/`: the draft written the project's way (its headings, detail and item style), its
 *    title, summary and category by rule, the closing contributors line.
 *
 * Two entries, the same steps: `draftRelease` writes step 4 itself (the offline drafter), and
 * `writeRelease` has a writer given as an argument (the AI drafter: the server's model call) write
 * it from steps 1-3's changes, then holds the writer's answer to the offline drafter's guarantees.
 * Generate (both drafters), import learning and the profile's replay (learn-profile.ts), `npm run
 * eval:drafts`, the benches, the tests and the Action without a server all call one of the two. Pure:
 * no database, no network, no environment; the same input, profile and answer give the same bytes.
 */
import type { Draft, GenerateInput } from '../contract/generate.schema.ts';
import { type CleanCommits, cleanChanges } from './clean-changes.ts';
import { applies, type DraftingProfileModel } from './profile/profile-model.ts';
import { traitsOf } from './profile/profile-traits.ts';
import { countsSelector } from './select/counts-selector.ts';
import { changeLevelOf } from './change-level.ts';
import { suggestVersion } from './suggest-version.ts';
import { contributorsLine, creditedPullRequests } from './render/contributors-line.ts';
import { type DraftCore, type DraftOptions, draftOffline, highlightsOf } from './render/draft-offline.ts';
import { finishModelDraft, type ModelAnswer } from './render/finish-model-draft.ts';
import { leadTier } from './render/lead-tier.ts';
import { type RefLinker, refLinker } from './render/ref-links.ts';

/**
 * What a release holds and how its repository wants it drafted: generate's input (docs/api.md,
 * "Generate a draft"), of which drafting reads these fields; only `commits` is required.
 */
export type DraftInput = Pick<GenerateInput, 'commits'> &
  Partial<
    Pick<
      GenerateInput,
      | 'commitDetails'
      | 'pullRequests'
      | 'internalPaths'
      | 'productPaths'
      | 'detail'
      | 'sections'
      | 'version'
      | 'previousVersion'
      | 'category'
      | 'repository'
      | 'repositoryUrl'
      | 'contributors'
      | 'authors'
      | 'source'
    >
  >;

/** How to draft beyond the input: the reference linker (default: from `input.repository`). */
export type DraftReleaseOptions = { link?: RefLinker };

/** The draft `draftRelease` gives: generate's `draft`, as the offline drafter writes it. */
export type ReleaseDraft = Draft;

/** Steps 1-3: the changes `input` holds, as `profile` would have them drafted (null: the built-in defaults). */
function selectRelease(input: DraftInput, profile: DraftingProfileModel | null): CleanCommits {
  // 1-2. Read each change by its author's signals and its files (the repository's product paths and,
  // where the replay kept them, the profile's); tidy reverts and duplicates.
  const productPaths = productPathsOf(input, profile);
  const changes = cleanedOnce(input, productPaths);
  // 3. The profile decides what the author and the files left open, through its selector and only
  // with the parts its replay kept (profile-model.ts `applies`); no learned profile, no change.
  if (!profile || profile.releasesLearned === 0) return changes;
  return countsSelector.select(changes, profile.selector.state, {
    internalPaths: input.internalPaths ?? [],
    listing: applies(profile, 'listing'),
    breaking: applies(profile, 'breaking'),
  });
}

/**
 * Step 1-2's reading of `input` with `productPaths`, made once per input object and set of paths: the
 * replay drafts each release 8 times (plain, then with each part), and only the product paths change
 * how its changes are read. Pure: the same input and paths give the same reading, which nothing
 * downstream mutates (select/ and render/ build new objects).
 */
function cleanedOnce(input: DraftInput, productPaths: readonly string[]): CleanCommits {
  const key = productPaths.join('\n');
  const byPaths = cleaned.get(input) ?? new Map<string, CleanCommits>();
  cleaned.set(input, byPaths);
  const known = byPaths.get(key);
  if (known) return known;
  const reading = cleanChanges(productPaths.length ? { ...input, productPaths: [...productPaths] } : input);
  byPaths.set(key, reading);
  return reading;
}

const cleaned = new WeakMap<DraftInput, Map<string, CleanCommits>>();

/** The globs that are the product's: the repository's `product-paths`, and the profile's where the replay kept them. */
function productPathsOf(input: DraftInput, profile: DraftingProfileModel | null): string[] {
  const learnedPaths = applies(profile, 'productPaths') ? profile!.productPaths : [];
  return [...(input.productPaths ?? []), ...learnedPaths];
}

/** How `profile` and the request's settings (which win) shape the rendering. */
function renderOptionsOf(input: DraftInput, profile: DraftingProfileModel | null): DraftOptions {
  const paths = { internal: input.internalPaths ?? [], product: productPathsOf(input, profile) };
  return {
    traits: traitsOf(profile),
    detail: input.detail,
    sections: input.sections,
    leadTier: (c) => leadTier(c, profile, paths),
  };
}

/**
 * Step 4's closing: a rendered draft (either drafter's) completed for generate's answer: the
 * contributors line when asked, the request's category (it wins), the version as given, the next
 * version suggested from `input.previousVersion` (none: the first release) and the changes, the commit
 * counts and the profile followed.
 */
function completeDraft(
  core: DraftCore,
  input: DraftInput,
  selection: CleanCommits,
  profile: DraftingProfileModel | null,
  meta: Pick<Draft, 'provider' | 'model' | 'usage'>,
  link: RefLinker,
): Draft {
  const credits = input.contributors ? contributorsLine(creditedPullRequests(input), link) : null;
  return {
    ...core,
    body: credits ? `${core.body.trimEnd()}\n\n${credits}\n` : core.body,
    category: input.category ?? core.category,
    version: input.version ?? null,
    suggestedVersion: suggestVersion(input.previousVersion ?? null, changeLevelOf(selection)),
    commits: { received: selection.received, used: selection.used, ignored: selection.ignored },
    ...meta,
    profile: { releasesLearned: profile?.releasesLearned ?? 0 },
  };
}

/** The offline draft of `input` for a project with `profile` (null: the built-in defaults). */
export function draftRelease(
  input: DraftInput,
  profile: DraftingProfileModel | null,
  options: DraftReleaseOptions = {},
): ReleaseDraft {
  const link = options.link ?? refLinker(input.repository, input.repositoryUrl);
  const selection = selectRelease(input, profile);
  // 4. Written the project's way.
  const core = draftOffline(selection, link, renderOptionsOf(input, profile));
  return completeDraft(core, input, selection, profile, OFFLINE, link);
}

/**
 * What a writer is given: the changes steps 1-3 selected (the only ones it may write about; their
 * references the only ones it may cite), the version, and whether the project names only its
 * highlights (the request's detail, else the profile's) and how many.
 */
export type WriterBrief = {
  changes: CleanCommits;
  version: string | null;
  highlights: { count: number } | null;
};

/** A writer's answer: its structured output (title, summary, sections), who wrote it and at what cost. */
export type WrittenAnswer = { answer: ModelAnswer } & Pick<Draft, 'provider' | 'model' | 'usage'>;

/** Writes a release's notes from its brief: the AI drafter, given by the caller. Its errors are the caller's. */
export type DraftWriter = (brief: WriterBrief) => Promise<WrittenAnswer>;

/**
 * `writeRelease`'s outcome: the draft and the references the writer invented (stripped from it), or why
 * its answer cannot be used (no usable item left once held to the offline drafter's guarantees).
 */
export type WrittenRelease = { draft: ReleaseDraft; removedRefs: string[] } | { unusable: string };

/**
 * The draft of `input` for a project with `profile`, step 4 written by `writer` (docs/drafting.md,
 * "OpenAI drafter"): steps 1-3 as `draftRelease` takes them, the writer's answer held to the offline
 * drafter's guarantees (render/finish-model-draft.ts), completed the same way. A release with no
 * change users would read is drafted offline and the writer is never called (no model needed: the
 * caller spends nothing, `provider: 'offline'`).
 * @throws whatever `writer` throws.
 */
export async function writeRelease(
  input: DraftInput,
  profile: DraftingProfileModel | null,
  writer: DraftWriter,
  options: DraftReleaseOptions = {},
): Promise<WrittenRelease> {
  const link = options.link ?? refLinker(input.repository, input.repositoryUrl);
  const selection = selectRelease(input, profile);
  const render = renderOptionsOf(input, profile);
  if (selection.changes.length === 0) {
    const core = draftOffline(selection, link, render);
    return { draft: completeDraft(core, input, selection, profile, OFFLINE, link), removedRefs: [] };
  }
  // 4. Written by the writer, then held to the offline drafter's guarantees.
  const brief = { changes: selection, version: input.version ?? null, highlights: highlightsOf(render) };
  const { answer, ...meta } = await writer(brief);
  const finished = finishModelDraft(answer, selection, link, render);
  if ('unusable' in finished) return finished;
  const draft = completeDraft(finished.draft, input, selection, profile, meta, link);
  return { draft, removedRefs: finished.removedRefs };
}

const OFFLINE: Pick<Draft, 'provider' | 'model' | 'usage'> = {
  provider: 'offline',
  model: null,
  usage: { inputTokens: 0, outputTokens: 0 },
};
