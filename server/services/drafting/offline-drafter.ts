/**
 * The offline drafter (`provider: "offline"`): deterministic, no network. One item per user-facing
 * change, grouped by category, breaking changes first in their section; dependency bumps and
 * maintenance collapsed into one line each under Improvements. Every reference is cited.
 */
import type { Category } from '../../../core/contract/entries.schema.ts';
import type { DraftSection } from '../../../core/contract/generate.schema.ts';
import type { CleanCommits } from './commit-hygiene.ts';
import {
  countItems,
  dependencyLine,
  dominantCategory,
  maintenanceLine,
  renderBody,
  renderItem,
  renderSummary,
  renderTitle,
  SECTION_ORDER,
} from './render-draft.ts';

export type DraftCore = {
  title: string;
  summary: string;
  body: string;
  category: Category;
  sections: DraftSection[];
};

/** Add the collapsed dependency and maintenance lines to the Improvements section. */
export function withCollapsedLines(sections: DraftSection[], commits: CleanCommits): DraftSection[] {
  const extra = [dependencyLine(commits.dependencies), maintenanceLine(commits.maintenance)].filter(
    (l): l is string => l !== null,
  );
  if (extra.length === 0) return sections;
  const existing = sections.find((s) => s.category === 'improvement');
  if (existing) return sections.map((s) => (s === existing ? { ...s, items: [...s.items, ...extra] } : s));
  return [...sections, { category: 'improvement', items: extra }];
}

/** Title, summary, body and category around the given sections. */
export function finishDraft(
  sections: DraftSection[],
  version: string | null,
  headline: string | null,
  breaking: number,
  summaryText: string | null = null,
): DraftCore {
  const ordered = SECTION_ORDER.flatMap((category) => {
    const items = sections.filter((s) => s.category === category).flatMap((s) => s.items);
    return items.length > 0 ? [{ category, items }] : [];
  });
  const counts = countItems(ordered);
  const summary = summaryText ?? renderSummary(counts, breaking);
  return {
    title: renderTitle(version, headline, counts),
    summary,
    body: renderBody(summary, ordered),
    category: dominantCategory(ordered),
    sections: ordered,
  };
}

export function draftOffline(commits: CleanCommits, version: string | null): DraftCore {
  const sections: DraftSection[] = SECTION_ORDER.map((category) => {
    const items = commits.changes.filter((c) => c.category === category);
    // Breaking changes lead their section; otherwise keep the input order (newest first).
    const ordered = [...items.filter((c) => c.breaking), ...items.filter((c) => !c.breaking)];
    return { category, items: ordered.map(renderItem) };
  });
  const lead =
    commits.changes.find((c) => c.breaking) ?? commits.changes.find((c) => c.category === 'feature');
  const breaking = commits.changes.filter((c) => c.breaking).length;
  return finishDraft(withCollapsedLines(sections, commits), version, lead ? lead.text : null, breaking);
}
