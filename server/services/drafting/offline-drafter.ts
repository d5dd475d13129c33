/**
 * The offline drafter (`provider: "offline"`): deterministic, no network. What users read:
 * - breaking changes first, one item per `BREAKING CHANGE` footer in the footer's own words;
 * - one item per user-facing change, grouped by category (fixes phrased as fixes), every reference
 *   cited once;
 * - dependency bumps and internal work folded into one short line each (a count, no references);
 * - a title naming the most important change (breaking, then feature, then fix), a summary naming the
 *   highlights, and the release category by rule.
 */
import type { Category } from '../../../core/contract/entries.schema.ts';
import type { DraftSection } from '../../../core/contract/generate.schema.ts';
import { raisesRequirement } from './breaking-prose.ts';
import type { ClassifiedCommit } from './classify-commit.ts';
import type { CleanCommits } from './commit-hygiene.ts';
import { plainRefs, type RefLinker } from './ref-links.ts';
import {
  categoryByRule,
  countItems,
  dependencyLine,
  headlineOf,
  isBreakingItem,
  isDescriptive,
  maintenanceLine,
  newContributorsLine,
  phraseFix,
  renderBody,
  renderBreakingItems,
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

/** The parts of a draft around its sections (both drafters end here). */
export function finishDraft(input: {
  sections: DraftSection[];
  /** The most important change, as a headline; null when the release has no user-facing change. */
  headline: string | null;
  /** User-facing changes worth naming in the summary, most important first. */
  highlights: readonly string[];
  hasInternal: boolean;
  /** A summary written elsewhere (the model's), already escaped; else one is written here. */
  summary?: string | null;
  /** The closing "New contributors" line, if any. */
  closing?: string | null;
}): DraftCore {
  const ordered = SECTION_ORDER.flatMap((category) => {
    const items = input.sections.filter((s) => s.category === category).flatMap((s) => s.items);
    return items.length > 0 ? [{ category, items }] : [];
  });
  const counts = countItems(ordered);
  const breaking = ordered.flatMap((s) => s.items).filter(isBreakingItem).length;
  const summary = input.summary || renderSummary(counts, breaking, input.highlights);
  return {
    title: renderTitle(input.headline ? headlineOf(input.headline) : null, input.hasInternal),
    summary,
    body: renderBody(summary, ordered, input.closing ?? null),
    category: categoryByRule(breaking > 0, counts),
    sections: ordered,
  };
}

/** How a change is named in a title or summary: a fix as a fix, a breaking change by what it breaks. */
export function nameOf(c: ClassifiedCommit): string {
  if (c.breaking && !isDescriptive(c.text) && c.breakingNotes[0]) return c.breakingNotes[0];
  return c.category === 'fix' && (c.type === 'fix' || c.type === 'bugfix') ? phraseFix(c.text) : c.text;
}

/**
 * A fix users must act on: a vulnerability, by name or by kind (denial of service, injection,
 * traversal, disclosure, bypass, arbitrary code execution, privilege escalation, anything malicious).
 * Security advisories lead a maintainer's notes.
 */
const SECURITY =
  /\b(?:security|vuln\w*|cve-\d+|ghsa-[\w-]+|re?dos|denial of service|xss|cross-site|injections?|traversal|disclosure|bypass(?:es)?|spoof\w*|memory exhaustion|malicious|privilege escalation|(?:arbitrary|remote) (?:code |command |program )?execution)\b/i;

/**
 * Changes by importance, the headline first. The rule, in one sentence: breaking changes, then
 * security fixes, then features, then improvements (a raised minimum version among them: it is
 * listed as breaking, but it is never what a release is about), then other fixes, and within each the change that
 * drew the most work (commits and pull requests folded into it), then the one described at most length
 * (what its authors took the most words to say is what they care about most), then the newest.
 */
export function byImportance(changes: readonly ClassifiedCommit[]): ClassifiedCommit[] {
  const rank = (c: ClassifiedCommit) =>
    c.breaking && !raisesRequirement(c.scope ? `${c.scope}: ${c.text}` : c.text)
      ? 0
      : SECURITY.test(c.text)
        ? 1
        : c.category === 'feature' || c.category === 'announcement'
          ? 2
          : c.category === 'fix'
            ? 4
            : 3;
  return [...changes].sort(
    (a, b) => rank(a) - rank(b) || b.weight - a.weight || b.text.length - a.text.length,
  );
}

export function draftOffline(commits: CleanCommits, link: RefLinker = plainRefs): DraftCore {
  const sections: DraftSection[] = SECTION_ORDER.map((category) => {
    const items = commits.changes.filter((c) => c.category === category);
    const ordered = [...items.filter((c) => c.breaking), ...items.filter((c) => !c.breaking)];
    return {
      category,
      items: ordered.flatMap((c) => (c.breaking ? renderBreakingItems(c, link) : [renderItem(c, link)])),
    };
  });
  const ranked = byImportance(commits.changes).map(nameOf);
  return finishDraft({
    sections: withCollapsedLines(sections, commits),
    headline: ranked[0] ?? null,
    highlights: ranked.slice(1),
    hasInternal: commits.maintenance.length + commits.dependencies.length > 0,
    closing: newContributorsLine(commits.newContributors, link),
  });
}
