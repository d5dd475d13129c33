/**
 * The App's comments other than the sticky draft (docs/github-app.md, "The comments the App leaves"): the one
 * notice of a repository linked to no project, and "Shipped in …" on pull requests and issues. Each
 * starts with a hidden marker of its own, so the App can recognise what it wrote.
 */
import { defuseMentions, escapeMarkdownText } from '../core/defuse-mentions.ts';

export const UNLINKED_MARKER = '<!-- shiplog:unlinked -->';
export const SHIPPED_MARKER = (entryId: string) => `<!-- shiplog:shipped ${entryId} -->`;

/** The notice of a repository where the App is installed but that feeds no Shiplog project. */
export function renderUnlinkedNotice(repository: string): string {
  return `${UNLINKED_MARKER}
👋 Shiplog is installed on this repository, but it is not linked to a Shiplog project yet, so no changelog entry is drafted for pull requests or releases.

To link it, a Shiplog admin can either:
- open the project's **Settings → GitHub** in the Shiplog dashboard and add \`${repository}\`, or
- run \`shiplog github link ${repository} <project-slug>\` on the Shiplog server.

Shiplog will not comment again until the repository is linked.
`;
}

/**
 * "Shipped in 10.4.0: <link>" (or "Shipped: <link>" for an entry with no version), left once on each
 * pull request an entry covers and on the issues they close.
 */
export function renderShippedComment(entry: {
  id: string;
  title: string;
  version: string | null;
  url: string;
}): string {
  const title = defuseMentions(escapeMarkdownText(entry.title));
  const shipped = entry.version ? `Shipped in ${entry.version}` : 'Shipped';
  return `${SHIPPED_MARKER(entry.id)}\n🚀 ${shipped}: [${title}](${entry.url})\n`;
}
