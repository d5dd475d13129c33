/**
 * The bots that open dependency updates (Dependabot, Renovate and their kin). Their pull requests and
 * commits are dependency updates whatever their wording: Renovate alone writes `Update dependency x to
 * v2`, `Update plugin com.example to v4.5.0`, `Update actions/checkout action to v5` and `Update Rust
 * crate x to 0.3`, which no one subject pattern reads. A bot that does other work (`github-actions`,
 * `pre-commit-ci`, `allcontributors`) is not one of them.
 */
const NAMES = [
  'dependabot',
  'dependabot-preview',
  'renovate',
  'greenkeeper',
  'snyk-bot',
  'depfu',
  'pyup-bot',
  'scala-steward',
];
const NAME = NAMES.join('|');
const LOGIN = new RegExp(`^(?:${NAME})(?:\\[bot\\])?$`, 'i');

/** A message that names a dependency bot as its author or co-author (`Signed-off-by: dependabot[bot] …`). */
export const DEPENDENCY_BOT_TRAILER = new RegExp(`\\b(?:${NAME})\\[bot\\]`, 'i');

/** Whether a GitHub login (`renovate[bot]`, `dependabot`) is a dependency bot's. */
export function isDependencyBot(login: string | null | undefined): boolean {
  return !!login && LOGIN.test(login);
}
