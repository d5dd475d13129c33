/**
 * The drafted notes in a GitHub Release's body (`release-notes: true` for the App, the `release-notes`
 * input of the Action): Shiplog owns only what lies between its two markers, so a person's edit of the
 * body outside them (an intro, a screenshot, upgrade notes) is kept when the notes are written again.
 * Needs the `contents: write` permission (GitHub's releases API).
 */
import type { GitHubClient } from './github-client.ts';

export const RELEASE_NOTES_START = '<!-- shiplog:release-notes:start -->';
export const RELEASE_NOTES_END = '<!-- shiplog:release-notes:end -->';

/** GitHub refuses release bodies over 125,000 characters. */
const MAX_RELEASE_BODY = 125_000;

/**
 * `body` with `notes` between the markers: the marked part replaced when the body has one (everything
 * else left as it is), else the marked notes appended after what a person wrote.
 */
export function spliceReleaseNotes(body: string | null | undefined, notes: string): string {
  const current = (body ?? '').replace(/\r\n/g, '\n');
  const block = `${RELEASE_NOTES_START}\n${notes.trim()}\n${RELEASE_NOTES_END}`;
  const start = current.indexOf(RELEASE_NOTES_START);
  const end = start === -1 ? -1 : current.indexOf(RELEASE_NOTES_END, start);
  const spliced =
    end !== -1
      ? `${current.slice(0, start)}${block}${current.slice(end + RELEASE_NOTES_END.length)}`
      : current.trim()
        ? `${current.trimEnd()}\n\n${block}\n`
        : `${block}\n`;
  return spliced.length <= MAX_RELEASE_BODY ? spliced : current;
}

/**
 * Write `notes` into release `releaseId`: its body is read first (what a person last saved), and
 * written back only when it changes.
 * @returns whether the release was updated.
 */
export async function writeReleaseNotes(
  octokit: GitHubClient,
  release: { owner: string; repo: string; releaseId: number },
  notes: string,
): Promise<boolean> {
  const where = { owner: release.owner, repo: release.repo, release_id: release.releaseId };
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/releases/{release_id}', where);
  const body = spliceReleaseNotes(data.body, notes);
  if (body === (data.body ?? '')) return false;
  await octokit.request('PATCH /repos/{owner}/{repo}/releases/{release_id}', { ...where, body });
  return true;
}
