/**
 * From sections to the parts of a draft every drafter shares: the collapsed dependency and
 * maintenance lines, the Markdown body, the title from the version and the dominant change, the
 * one-line summary, and the entry category. Deterministic: the same input gives the same bytes.
 */
import type { Category } from '../../../core/contract/entries.schema.ts';
import type { DraftSection } from '../../../core/contract/generate.schema.ts';
import type { ClassifiedCommit } from './classify-commit.ts';

export const SECTION_ORDER: Category[] = ['announcement', 'feature', 'improvement', 'fix'];
const HEADINGS: Record<Category, string> = {
  announcement: 'Announcements',
  feature: 'New features',
  improvement: 'Improvements',
  fix: 'Fixes',
};
const NOUNS: Record<Category, [string, string]> = {
  announcement: ['announcement', 'announcements'],
  feature: ['new feature', 'new features'],
  improvement: ['improvement', 'improvements'],
  fix: ['fix', 'fixes'],
};
const LIST_LIMIT = 8;

export function citeRefs(refs: readonly string[]): string {
  return refs.length ? ` (${refs.join(', ')})` : '';
}

/**
 * Untrusted text (commit messages, an AI's answer) as Markdown that shows exactly what was written and
 * can make nothing else (CONTRACT.md "generate": a draft never carries raw HTML, images or links that
 * were not references). Outside code spans: `<` and `>` are escaped (no HTML: `Box<dyn Error>` stays
 * text, `<script>` cannot open an element), `[`, `]` and backslashes are escaped (no link or image syntax),
 * and URL schemes, `www.` hosts and `@` are escaped so that GFM does not autolink them. References
 * are cited apart from the text (`citeRefs`), so they are the only links a draft can hold.
 */
export function escapeText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/[\\<>[\]@]/g, (c) => `\\${c}`)
            .replace(/:\/\//g, ':\\/\\/')
            .replace(/\b(www)\./gi, '$1\\.'),
    )
    .join('');
}

/** One changelog line for a change: `**Breaking:** **scope**: Text (#1, #2)`; scope and text escaped alike. */
export function renderItem(c: Pick<ClassifiedCommit, 'scope' | 'text' | 'refs' | 'breaking'>): string {
  return `${c.breaking ? '**Breaking:** ' : ''}${c.scope ? `**${escapeText(c.scope)}**: ` : ''}${escapeText(c.text)}${citeRefs(c.refs)}`;
}

/** `globset 0.4.14` from "deps: bump globset to 0.4.14", "Bump serde from 1.0.1 to 1.0.2", "body-parser@1.20.0"… */
export function dependencyName(c: ClassifiedCommit): string {
  const s = c.subject;
  const patterns = [
    /bump(?:s|ed)?(?: the)? ([@\w./-]+)(?: in [\w./ -]+?)?(?: from \S+)? to v?([\w.+-]+)/i,
    /(?:update|upgrade)[sd]?(?: to)? ([@\w./-]+?)(?:@| v?)(\d[\w.+-]*)/i,
    /([@\w./-]+)@(\d[\w.+-]*)/,
  ];
  for (const p of patterns) {
    const m = p.exec(s);
    if (m) return `${m[1]} ${m[2]}`;
  }
  return c.text;
}

function listWithMore(names: string[]): string {
  if (names.length <= LIST_LIMIT) return names.join(', ');
  return `${names.slice(0, LIST_LIMIT).join(', ')} and ${names.length - LIST_LIMIT} more`;
}

/** "Dependencies: updated globset 0.4.14, grep 0.2.13 and 3 more (#1, #2)", or null when none. */
export function dependencyLine(commits: readonly ClassifiedCommit[]): string | null {
  if (commits.length === 0) return null;
  const names: string[] = [];
  const seen = new Set<string>();
  for (const c of commits) {
    const name = dependencyName(c);
    const pkg = name.split(' ')[0]!;
    if (seen.has(pkg)) continue;
    seen.add(pkg);
    names.push(name);
  }
  return `Dependencies: updated ${listWithMore(names)}${citeRefs([...new Set(commits.flatMap((c) => c.refs))])}`;
}

/** "Maintenance: 12 internal changes (docs, ci, tests) (#1, #2)", or null when none. */
export function maintenanceLine(commits: readonly ClassifiedCommit[]): string | null {
  if (commits.length === 0) return null;
  const areas = new Map<string, number>();
  for (const c of commits) {
    const area = (c.scope ?? c.type ?? 'other').toLowerCase();
    areas.set(area, (areas.get(area) ?? 0) + 1);
  }
  const top = [...areas.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 4)
    .map(([a]) => a);
  const noun = commits.length === 1 ? 'internal change' : 'internal changes';
  return `Maintenance: ${commits.length} ${noun} (${top.join(', ')})${citeRefs([...new Set(commits.flatMap((c) => c.refs))])}`;
}

function phrase(counts: [Category, number][]): string {
  const parts = counts.map(([cat, n]) => `${n} ${NOUNS[cat][n === 1 ? 0 : 1]}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The category with the most user-facing items (the collapsed dependency and maintenance lines do not
 * count); ties go to the more newsworthy (announcement > feature > improvement > fix).
 */
export function dominantCategory(
  sections: readonly DraftSection[],
  fallback: Category = 'improvement',
): Category {
  let best: [Category, number] | undefined;
  for (const entry of countItems(sections)) if (entry[1] > (best?.[1] ?? 0)) best = entry;
  return best?.[0] ?? fallback;
}

/** Title: "<version>: <headline>", the headline being the first breaking change or feature, else counts. */
export function renderTitle(
  version: string | null,
  headline: string | null,
  counts: [Category, number][],
): string {
  const lead =
    headline ??
    (counts.length ? phrase(counts).replace(/^./, (c) => c.toUpperCase()) : 'Maintenance release');
  const title = version ? `${version}: ${lead}` : lead;
  return title.length <= 200 ? title : `${title.slice(0, 199).trimEnd()}…`;
}

export function renderSummary(counts: [Category, number][], breaking: number): string {
  const main = counts.length
    ? `This release brings ${phrase(counts)}.`
    : 'This release contains maintenance and dependency updates.';
  return breaking
    ? `${main} It includes ${breaking} breaking ${breaking === 1 ? 'change' : 'changes'}.`
    : main;
}

/** The Markdown body: the summary, then one `###` section per category in a fixed order. */
export function renderBody(summary: string, sections: readonly DraftSection[]): string {
  const parts = [summary];
  for (const category of SECTION_ORDER) {
    const section = sections.find((s) => s.category === category);
    if (!section || section.items.length === 0) continue;
    parts.push(`### ${HEADINGS[category]}\n\n${section.items.map((item) => `- ${item}`).join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** Section item counts, in section order, without the dependency/maintenance lines. */
export function countItems(sections: readonly DraftSection[]): [Category, number][] {
  return SECTION_ORDER.flatMap((category) => {
    const n =
      sections
        .find((s) => s.category === category)
        ?.items.filter((i) => !/^(Dependencies|Maintenance): /.test(i)).length ?? 0;
    return n > 0 ? [[category, n] as [Category, number]] : [];
  });
}
