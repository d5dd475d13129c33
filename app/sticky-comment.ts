/**
 * The App's one comment per pull request: found by its hidden marker and the app's own login
 * (`<app-slug>[bot]`, asked of `GET /app` once), read for the entry it shows, and rewritten in place.
 */
import type { Entry } from '../core/contract/entries.schema.ts';
import type { Draft } from '../core/contract/generate.schema.ts';
import {
  DRAFT_COMMENT_MARKER,
  readDraftComment,
  renderDraftComment,
  renderSkippedComment,
} from '../core/render-draft-comment.ts';
import type { ShiplogApi } from '../core/shiplog-client.ts';
import { ShiplogApiError } from '../core/shiplog-client.ts';
import type { PagingGitHubClient } from '../core/github-client.ts';
import {
  findDraftComment,
  type IssueRef,
  listDraftComments,
  upsertDraftComment,
} from '../core/upsert-draft-comment.ts';

export type Sticky = {
  /** The existing comment, or null before the first draft. */
  comment: { id: number; body: string } | null;
  entryId: string | null;
  skipped: boolean;
  /** The head commit the entry holds the changes of (a marker in the comment), or null. */
  head: string | null;
  /** The monorepo component this comment is about (one comment each), or null. */
  component: string | null;
};

const NO_STICKY = { comment: null, entryId: null, skipped: false, head: null, component: null } as const;

export async function readSticky(
  octokit: PagingGitHubClient,
  issue: IssueRef,
  login: string,
): Promise<Sticky> {
  const comment = await findDraftComment(octokit, issue, login);
  return comment ? { comment, ...readDraftComment(comment.body) } : { ...NO_STICKY };
}

/**
 * A monorepo pull request's sticky comments, one per component (by its component marker), from one
 * listing of the comments; a component with none yet gets an empty one.
 */
export async function readComponentStickies(
  octokit: PagingGitHubClient,
  issue: IssueRef,
  login: string,
  components: readonly string[],
): Promise<Map<string, Sticky>> {
  const found = new Map<string, Sticky>();
  for await (const comment of listDraftComments(octokit, issue, login)) {
    const read = readDraftComment(comment.body);
    if (read.component && !found.has(read.component)) found.set(read.component, { comment, ...read });
  }
  return new Map(components.map((name) => [name, found.get(name) ?? { ...NO_STICKY, component: name }]));
}

/**
 * The pull request's entry, as the sticky comment names it, checked against the entry's own source
 * (an edited comment cannot point the app at another pull request's entry). Null when there is none.
 */
export async function entryOf(shiplog: ShiplogApi, sticky: Sticky, issue: IssueRef): Promise<Entry | null> {
  if (!sticky.entryId || sticky.skipped) return null;
  let entry: Entry;
  try {
    entry = await shiplog.getEntry(sticky.entryId);
  } catch (err) {
    if (err instanceof ShiplogApiError && err.status === 404) return null;
    throw err;
  }
  const repository = `${issue.owner}/${issue.repo}`.toLowerCase();
  return entry.source?.repository === repository && entry.source.pullRequest === issue.number ? entry : null;
}

export async function showEntry(
  octokit: PagingGitHubClient,
  issue: IssueRef,
  sticky: Sticky,
  shown: {
    entry: Entry;
    draft: Draft | null;
    notice?: string | null;
    /** The head the entry now holds the changes of (default: what the comment said). */
    head?: string | null;
    /** Changes a person's edit has not seen (core/changes-since-edit.ts). */
    sinceEdit?: string | null;
  },
): Promise<{ id: number; created: boolean }> {
  const body = renderDraftComment({
    entry: shown.entry,
    draft: shown.draft,
    link: shown.entry.previewUrl ?? shown.entry.url,
    commands: true,
    notice: shown.notice ?? null,
    head: shown.head ?? sticky.head,
    sinceEdit: shown.sinceEdit ?? null,
    component: sticky.component,
  });
  return upsertDraftComment(octokit, issue, body, null, sticky.comment);
}

export async function showSkipped(
  octokit: PagingGitHubClient,
  issue: IssueRef,
  sticky: Sticky,
  notice: string,
): Promise<void> {
  await upsertDraftComment(
    octokit,
    issue,
    renderSkippedComment(notice, sticky.component),
    null,
    sticky.comment,
  );
}

/** A problem the maintainers must fix (a bad `.github/shiplog.yml`), keeping the entry the comment names. */
export async function showProblem(
  octokit: PagingGitHubClient,
  issue: IssueRef,
  sticky: Sticky,
  problem: string,
): Promise<void> {
  const entry = sticky.entryId ? `<!-- shiplog:entry ${sticky.entryId} -->\n` : '';
  const body = `${DRAFT_COMMENT_MARKER}\n${entry}### ⚠️ Shiplog could not draft this pull request\n\n${problem}\n`;
  await upsertDraftComment(octokit, issue, body, null, sticky.comment);
}
