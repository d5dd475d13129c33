/**
 * The closing "Contributors" line (`contributors: true` in `.github/shiplog.yml`, generate's
 * `contributors`): every human author of the range's pull requests, once each, in the order of their
 * first pull request, bots excluded (`dependabot[bot]`, `renovate`…), with their pull requests; a pull
 * request's own draft credits its `authors` with it.
 */
import type { GenerateInput, PullRequestInput } from '../../contract/generate.schema.ts';
import { BOT_LOGIN } from '../clean-changes.ts';
import { escapeText } from './render-draft.ts';
import { plainRefs, type RefLinker } from './ref-links.ts';

/**
 * Whom a draft credits: its `pullRequests`, or for a pull request's own draft (which sends none) each of
 * its `authors` with that pull request.
 */
export function creditedPullRequests(
  input: Pick<GenerateInput, 'pullRequests' | 'authors' | 'source'>,
): PullRequestInput[] {
  if (input.pullRequests?.length) return input.pullRequests;
  const number = input.source?.pullRequest;
  if (number === undefined) return [];
  return (input.authors ?? []).map((author) => ({ number, title: `#${number}`, author }));
}

/** @returns the line, or null when no human authored a pull request of the range. */
export function contributorsLine(
  pullRequests: readonly PullRequestInput[],
  link: RefLinker = plainRefs,
): string | null {
  const byAuthor = new Map<string, number[]>();
  for (const pr of [...pullRequests].sort((a, b) => a.number - b.number)) {
    if (!pr.author || BOT_LOGIN.test(pr.author)) continue;
    byAuthor.set(pr.author, [...(byAuthor.get(pr.author) ?? []), pr.number]);
  }
  if (byAuthor.size === 0) return null;
  const credits = [...byAuthor].map(
    ([login, numbers]) => `${escapeText(`@${login}`)} (${numbers.map((n) => link.ref(`#${n}`)).join(', ')})`,
  );
  return `**Contributors**: ${credits.join(', ')}.`;
}
