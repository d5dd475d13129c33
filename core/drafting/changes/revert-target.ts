/**
 * What a revert undoes, as its author (or git, or GitHub) wrote it (docs/drafting.md#drafting-rules, "Reverts"):
 * - git's own revert: `Revert "<subject>"`, its body `This reverts commit <sha>.`;
 * - Conventional Commits: `revert: <header>` (or `revert(scope): …` in the author's words), with the
 *   same `This reverts commit <sha>` in its body;
 * - GitHub's Revert button: a pull request titled `Revert "<title>"`, its body `Reverts owner/repo#123`.
 * A revert and what it names in the same range cancel (clean-changes.ts); a revert of something
 * shipped before is a fix, as release-please and git-cliff list it. Pure.
 */

/** What a revert names: the subject, the commit, the pull request (each null when it does not say). */
export type RevertTarget = { subject: string | null; sha: string | null; pullRequest: number | null };

const GIT_SUBJECT = /^Revert "(.+)"(?:\s*\(#\d+\))?$/;
const LOOSE_SUBJECT = /^Revert:? (.+)$/i;
const TYPED_SUBJECT = /^revert(?:\([^)]*\))?!?: (.+)$/i;
const REVERTS_COMMIT = /\bThis reverts commit ([0-9a-f]{7,40})\b/i;
const REVERTS_PULL_REQUEST = /^Reverts (?:[\w.-]+\/[\w.-]+)?#(\d+)\b/im;

/** The subject of the change `subject` reverts, as written in it (null: not a revert by its subject). */
export function revertedSubject(subject: string): string | null {
  return (
    (GIT_SUBJECT.exec(subject) ?? TYPED_SUBJECT.exec(subject) ?? LOOSE_SUBJECT.exec(subject))?.[1] ?? null
  );
}

/**
 * What `message` (a commit message, or a pull request's title, a blank line and its body) reverts, or
 * null when it is no revert.
 */
export function revertTargetOf(message: string): RevertTarget | null {
  const normalized = message.replace(/\r\n/g, '\n').trim();
  const subjectLine = normalized.split('\n', 1)[0]!.trim();
  const body = normalized.slice(subjectLine.length, 20_000);
  const subject = revertedSubject(subjectLine);
  const sha = REVERTS_COMMIT.exec(body)?.[1]?.toLowerCase() ?? null;
  const pullRequest = REVERTS_PULL_REQUEST.exec(body)?.[1];
  if (subject === null && sha === null && pullRequest === undefined) return null;
  return { subject, sha, pullRequest: pullRequest === undefined ? null : Number(pullRequest) };
}
