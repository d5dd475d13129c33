/**
 * A draft's Markdown body (both drafters end here): the summary, then the items under the project's
 * headings in its order (docs/drafting.md, "The drafting profile": how it writes), each heading once,
 * or one list for a project whose notes are one list. Deterministic: the same input gives the same bytes.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { DraftSection } from '../../contract/generate.schema.ts';
import { sameHeading } from '../profile/heading-categories.ts';
import { BREAKING_ITEM, escapeText, HEADINGS, isBreakingItem, SECTION_ORDER } from './render-draft.ts';

/**
 * The headings a body is written under: the project's own (its `.github/shiplog.yml` `sections`, else
 * its drafting profile's), in its order, categories it never heads following with the default names;
 * `flat` for a project whose notes are one list.
 */
export type BodyHeadings = {
  sections: readonly { category: Category; heading: string }[];
  flat: boolean;
  breaking: string | null;
};
export const DEFAULT_HEADINGS: BodyHeadings = { sections: [], flat: false, breaking: null };

/** One heading of a body and the categories whose items it holds, in the order they are listed. */
export type HeadingGroup = { heading: string; categories: Category[] };

/**
 * The headings of a body in the order `headings` gives them, each once, with the categories it holds.
 * A project may file several kinds of change under one heading ("Feature enhancements" holding its
 * features and its improvements), and a learned heading may read like the built-in name of a
 * category it does not head: a heading stands where its first category stands, and its categories
 * follow the built-in order (announcements, features, improvements, fixes), the way the drafter ranks them.
 */
export function headingGroups(headings: BodyHeadings): HeadingGroup[] {
  const own = headings.sections.filter((s, i, all) => all.findIndex((o) => o.category === s.category) === i);
  const rest = SECTION_ORDER.filter((c) => !own.some((s) => s.category === c)).map((category) => ({
    category,
    heading: HEADINGS[category],
  }));
  const groups: HeadingGroup[] = [];
  for (const { category, heading } of [...own, ...rest]) {
    const group = groups.find((g) => sameHeading(g.heading, heading));
    if (group) group.categories.push(category);
    else groups.push({ heading, categories: [category] });
  }
  for (const group of groups)
    group.categories.sort((a, b) => SECTION_ORDER.indexOf(a) - SECTION_ORDER.indexOf(b));
  return groups;
}

/**
 * The Markdown body: the summary, a leading breaking-changes section (every breaking item, without its
 * prefix, under the project's breaking heading, else "Breaking changes"), then one `###` section per
 * heading of `headings` with the other items of its categories, or one list for a project that writes
 * one. A heading that is also the breaking heading is written once, its breaking items first.
 */
export function renderBody(
  summary: string,
  sections: readonly DraftSection[],
  closing: string | null = null,
  headings: BodyHeadings = DEFAULT_HEADINGS,
): string {
  const groups = headingGroups(headings);
  const itemsOf = (categories: readonly Category[], breaking: boolean) =>
    categories.flatMap(
      (c) =>
        sections.find((s) => s.category === c)?.items.filter((i) => isBreakingItem(i) === breaking) ?? [],
    );
  const breaking = itemsOf(
    groups.flatMap((g) => g.categories),
    true,
  ).map((item) => item.replace(BREAKING_ITEM, ''));
  const rest = groups.map((g) => ({ heading: g.heading, items: itemsOf(g.categories, false) }));
  const bullets = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
  const section = (heading: string, items: string[]) =>
    items.length > 0 ? [`### ${escapeText(heading)}\n\n${bullets(items)}`] : [];
  const parts = [summary];
  if (headings.flat) {
    const all = [...breaking.map((i) => `**Breaking:** ${i}`), ...rest.flatMap((r) => r.items)];
    if (all.length > 0) parts.push(bullets(all));
  } else {
    const breakingHeading = headings.breaking ?? 'Breaking changes';
    // Breaking changes lead; a section the project heads the same way joins them.
    const joined = breaking.length > 0 ? rest.filter((r) => sameHeading(r.heading, breakingHeading)) : [];
    parts.push(...section(breakingHeading, [...breaking, ...joined.flatMap((r) => r.items)]));
    for (const r of rest) if (!joined.includes(r)) parts.push(...section(r.heading, r.items));
  }
  if (closing) parts.push(closing);
  return `${parts.join('\n\n')}\n`;
}
