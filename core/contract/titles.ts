/**
 * The version once on every surface (docs/api.md#generate-a-draft-from-commits-and-pull-requests): a drafted title carries no version, which
 * is the entry's own field, and each surface shows it once, its own way. Entries stored before that rule
 * may have titles that start with their version (`10.4.0: Faster search`); they keep working: such a
 * title is never prefixed again, and surfaces that show the version apart take it off the title.
 * Pure functions, shared by the server, the Action and the App.
 */

import { normalizeVersion } from './entries.schema.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `title` without a leading `version` (or `v` + version) and the separator after it. */
export function titleWithoutVersion(title: string, version: string | null): string {
  if (!version) return title;
  const bare = normalizeVersion(version);
  const lead = new RegExp(`^\\s*[vV]?${escapeRegExp(bare)}(?:\\s*[:\\-–—|]\\s*|\\s+)(?=\\S)`);
  return title.replace(lead, '');
}

/** One line that names the release: `10.4.0: Faster search`, or the title alone without a version. */
export function titleWithVersion(title: string, version: string | null): string {
  return version ? `${version}: ${titleWithoutVersion(title, version)}` : title;
}
