/**
 * The offline drafter (`provider: "offline"`): deterministic, no network. What users read:
 * - breaking changes first, one item per `BREAKING CHANGE` footer in the footer's own words;
 * - one item per user-facing change, grouped by category (fixes phrased as fixes), every reference
 *   cited once;
 * - dependency bumps and internal work folded into one short line each (a count, no references);
 * - a title naming the most important change (breaking, then feature, then fix), a summary naming the
 *   highlights, and the release category by rule.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { Detail, DraftSection, SectionHeading } from '../../contract/generate.schema.ts';
import { raisesRequirement } from '../changes/breaking-prose.ts';
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import type { CleanCommits } from '../clean-changes.ts';
import { plainRefs, type RefLinker } from './ref-links.ts';
import { leaders, type LeadTier, leadTier } from './lead-tier.ts';
import { type BodyHeadings, renderBody } from './render-body.ts';
import { BUILT_IN_LEAD, type LeadCategory, type ProfileTraits } from '../profile/profile-traits.ts';
import {
  categoryByRule,
  DEFAULT_ITEM_STYLE,
  countItems,
  dependencyLine,
  headlineOf,
  isBreakingItem,
  isDescriptive,
  type ItemStyle,
  maintenanceLine,
  newContributorsLine,
  phraseFix,
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
  /** What the draft leads with: the changes this project's notes would lead with, most important first. */
  highlights: string[];
  detail: Detail;
};

/**
 * How to draft for one project: its drafting profile's traits (headings, item style, detail, what its
 * notes lead with), and what the request says (its `.github/shiplog.yml`: `detail`, `sections`), which
 * wins over the profile.
 */
export type DraftOptions = {
  traits?: ProfileTraits;
  /**
   * Which changes may lead the draft (lead-tier.ts; default: the built-in rule without a profile):
   * the title, the summary's lead and the first highlight.
   */
  leadTier?: ((c: ClassifiedCommit) => LeadTier) | undefined;
  detail?: Detail | undefined;
  sections?: readonly SectionHeading[] | undefined;
};

/** The headings and item style `options` give a body. */
export function bodyStyle(options: DraftOptions = {}): { headings: BodyHeadings; style: ItemStyle } {
  const traits = options.traits;
  return {
    headings: options.sections
      ? { sections: options.sections, flat: false, breaking: traits?.breakingHeading ?? null }
      : {
          sections: traits?.sections ?? [],
          flat: traits?.flat ?? false,
          breaking: traits?.breakingHeading ?? null,
        },
    style: traits?.style ?? DEFAULT_ITEM_STYLE,
  };
}

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
  /** The changes worth naming, most important first: the first is the headline; none without user-facing changes. */
  highlights: readonly string[];
  hasInternal: boolean;
  /** A summary written elsewhere (the model's), already escaped; else one is written here. */
  summary?: string | null;
  /** The closing "New contributors" line, if any. */
  closing?: string | null;
  headings?: BodyHeadings;
  detail?: Detail;
}): DraftCore {
  const ordered = SECTION_ORDER.flatMap((category) => {
    const items = input.sections.filter((s) => s.category === category).flatMap((s) => s.items);
    return items.length > 0 ? [{ category, items }] : [];
  });
  const counts = countItems(ordered);
  const breaking = ordered.flatMap((s) => s.items).filter(isBreakingItem).length;
  const summary = input.summary || renderSummary(counts, breaking, input.highlights);
  const headline = input.highlights[0];
  return {
    title: renderTitle(headline ? headlineOf(headline) : null, input.hasInternal),
    summary,
    body: renderBody(summary, ordered, input.closing ?? null, input.headings),
    category: categoryByRule(breaking > 0, counts),
    sections: ordered,
    highlights: input.highlights.map(headlineOf),
    detail: input.detail ?? 'full',
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
 * security fixes, then features, improvements (a raised minimum version among them: listed as
 * breaking, but never what a release is about) and fixes, and within each the change that drew the
 * most work (commits and pull requests folded into it, then lines changed, then issues it closes),
 * then the one described at most length, then the newest. `leadOrder`: the categories in the order the
 * project's notes lead with them (profile-traits.ts, its `headline` part), which replaces the built-in
 * order of features, improvements and fixes; breaking changes and security fixes still come first.
 */
export function byImportance(
  changes: readonly ClassifiedCommit[],
  leadOrder: readonly LeadCategory[] = [],
): ClassifiedCommit[] {
  // Built in: features (announcements among them) 2, improvements 3, fixes 4. A learned order ranks its
  // categories 2, 2.5, 3…; one it does not name keeps its built-in rank.
  const learned = (c: ClassifiedCommit) => {
    const lead = c.category === 'announcement' ? 'feature' : c.category;
    const at = leadOrder.indexOf(lead);
    return at < 0 ? 2 + BUILT_IN_LEAD.indexOf(lead) : 2 + at / 2;
  };
  const rank = (c: ClassifiedCommit) =>
    c.breaking && !raisesRequirement(c.scope ? `${c.scope}: ${c.text}` : c.text)
      ? 0
      : SECURITY.test(c.text)
        ? 1
        : learned(c);
  const closes = (c: ClassifiedCommit) => c.refs.filter((r) => /^#\d+$/.test(r)).length;
  return [...changes].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      b.weight - a.weight ||
      b.lines - a.lines ||
      closes(b) - closes(a) ||
      b.text.length - a.text.length,
  );
}

/** `ranked` in the order a draft leads with them, without the changes that never lead (lead-tier.ts). */
export function leadingChanges(
  ranked: readonly ClassifiedCommit[],
  options: DraftOptions = {},
): ClassifiedCommit[] {
  return leaders(ranked, options.leadTier ?? ((c) => leadTier(c, null)));
}

/** How many changes a highlights-only draft names: the project's usual count, 1 to 5 (3 by default). */
function highlightCount(options: DraftOptions): number {
  return Math.min(5, Math.max(1, options.traits?.itemsPerRelease ?? 3));
}

/** Whether `options` ask for highlights only (the request's detail, else the project's), and how many. */
export function highlightsOf(options: DraftOptions): { count: number } | null {
  const detail = options.detail ?? options.traits?.detail ?? 'full';
  return detail === 'highlights' ? { count: highlightCount(options) } : null;
}

export function draftOffline(
  commits: CleanCommits,
  link: RefLinker = plainRefs,
  options: DraftOptions = {},
): DraftCore {
  const detail = options.detail ?? options.traits?.detail ?? 'full';
  const { headings, style } = bodyStyle(options);
  const ranked = byImportance(commits.changes, options.traits?.leadOrder);
  // What the draft leads with: never internal work, nor a kind the project leaves out.
  const leading = leadingChanges(ranked, options);
  // Highlights only: the changes the notes would lead with, breaking ones always among them.
  const shown =
    detail === 'highlights'
      ? new Set([
          ...ranked.filter((c) => c.breaking),
          ...(leading.length > 0 ? leading : ranked).slice(0, highlightCount(options)),
        ])
      : new Set(ranked);
  const sections: DraftSection[] = SECTION_ORDER.map((category) => {
    const items = commits.changes.filter((c) => c.category === category && shown.has(c));
    const ordered = [...items.filter((c) => c.breaking), ...items.filter((c) => !c.breaking)];
    return {
      category,
      items: ordered.flatMap((c) =>
        c.breaking ? renderBreakingItems(c, link) : [renderItem(c, link, style)],
      ),
    };
  });
  return finishDraft({
    sections: detail === 'highlights' ? sections : withCollapsedLines(sections, commits),
    highlights: leading.slice(0, 3).map(nameOf),
    hasInternal: commits.maintenance.length + commits.dependencies.length > 0,
    closing: newContributorsLine(commits.newContributors, link),
    headings,
    detail,
  });
}
