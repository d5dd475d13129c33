/**
 * The release note a pull request's author wrote in its description (docs/api.md#generate-a-draft-from-commits-and-pull-requests, `pullRequests`): a ```release-note fenced block (Kubernetes' convention),
 * or the text under a `## Release notes` / `## Changelog` heading (any level, up to the next heading of
 * the same or a higher level). HTML comments (template hints) are dropped. `NONE`, `N/A` or `-` means
 * "nothing for users": the pull request is internal work.
 */

export type ReleaseNote = { kind: 'none' } | { kind: 'text'; items: string[] } | null;

const FENCE = /^```+\s*release-?notes?\s*$([^]*?)^```+\s*$/im;
const HEADING =
  /^(#{1,6})\s*(?:user[- ]facing\s+)?(?:release[- ]?notes?|changelog|change[- ]log|changes for users)\s*:?\s*#*\s*$/im;
const NOTHING =
  /^(?:none|n\/a|na|no|nothing|-+|no release notes?|not user[- ]facing|no user[- ]facing changes?)\.?$/i;

/** Bullets become one item each; prose is one item (its first paragraph). */
function itemsOf(text: string): string[] {
  const lines = text.split('\n');
  const bullets = lines.filter((l) => /^\s*(?:[-*+]|\d+[.)])\s+\S/.test(l));
  if (bullets.length > 0) return bullets.map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim());
  const paragraph = text
    .split(/\n\s*\n/)[0]!
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return paragraph ? [paragraph] : [];
}

/** The release note of a pull request body, or null when it has none (the title is then the item). */
export function releaseNoteOf(body: string | null | undefined): ReleaseNote {
  if (!body) return null;
  const text = body.replace(/\r\n/g, '\n').replace(/<!--[^]*?-->/g, '');
  let section: string | null = null;
  const fence = FENCE.exec(text);
  if (fence) section = fence[1]!;
  else {
    const heading = HEADING.exec(text);
    if (heading) {
      const level = heading[1]!.length;
      const rest = text.slice(heading.index + heading[0].length);
      const next = new RegExp(`^#{1,${level}}\\s`, 'm').exec(rest);
      section = next ? rest.slice(0, next.index) : rest;
    }
  }
  if (section === null) return null;
  const trimmed = section.trim();
  if (trimmed === '') return null;
  if (NOTHING.test(trimmed)) return { kind: 'none' };
  const items = itemsOf(trimmed)
    .map((i) => i.slice(0, 500))
    .filter((i) => i !== '' && !NOTHING.test(i));
  return items.length ? { kind: 'text', items } : { kind: 'none' };
}
