/**
 * A model's answer made into a draft with the offline drafter's guarantees (docs/drafting.md,
 * "OpenAI drafter"): the answer is as untrusted as the commits it was made from, so every item is
 * Markdown text only (escaped, no HTML or links), references the input does not hold are stripped,
 * items that are internal work are dropped, every breaking change of the input is kept (the model's
 * breaking items are replaced by the commits' own when it left one out), and the headline is the
 * offline ranking's when the release breaks something or the model's title says nothing.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { DraftSection } from '../../contract/generate.schema.ts';
import type { CleanCommits } from '../clean-changes.ts';
import { stripInventedRefs } from '../changes/commit-refs.ts';
import { isInternalProse } from '../changes/internal-work.ts';
import {
  bodyStyle,
  byImportance,
  type DraftCore,
  type DraftOptions,
  finishDraft,
  leadingChanges,
  nameOf,
  withCollapsedLines,
} from './draft-offline.ts';
import type { RefLinker } from './ref-links.ts';
import {
  BREAKING_PREFIX,
  escapeText,
  isBreakingItem,
  isDescriptive,
  newContributorsLine,
  renderBreakingItems,
  stripVersion,
} from './render-draft.ts';

/** What the model answers (its structured output, already parsed). */
export type ModelAnswer = {
  title: string;
  summary: string;
  sections: { category: Category; items: string[] }[];
};

/** The finished draft and the references stripped from it, or why the answer cannot be used. */
export type ModelDraft = { draft: DraftCore; removedRefs: string[] } | { unusable: string };

/** An item of the model's that is internal work (its text without prefix, scope and references). */
function isInternalItem(item: string): boolean {
  const text = item
    .replace(/^(\*\*)?Breaking:?(\*\*)?:?\s*/, '')
    .replace(/^\*\*[^*]+\*\*:\s*/, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\\(.)/g, '$1');
  return isInternalProse(text);
}

/**
 * @param commits the selected changes the model was given (their references are all it may cite).
 * @param options the project's traits and the request's settings, as for an offline draft.
 */
export function finishModelDraft(
  parsed: ModelAnswer,
  commits: CleanCommits,
  link: RefLinker,
  options: DraftOptions = {},
): ModelDraft {
  const removedRefs: string[] = [];
  const clean = (text: string) => {
    const result = stripInventedRefs(text.trim(), commits.allowedRefs);
    removedRefs.push(...result.removed);
    return result.text;
  };
  // The answer is as untrusted as the commits it was made from: Markdown text only, no HTML or links.
  const cleanMarkdown = (text: string) => escapeText(clean(text));
  // The same guarantees as the offline drafter: no internal work listed, every breaking change kept.
  const sections: DraftSection[] = parsed.sections.map((s) => ({
    category: s.category,
    items: s.items
      .map(cleanMarkdown)
      .filter((item) => item.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !isInternalItem(item))
      .map((item) => item.replace(/^(\*\*)?Breaking:?(\*\*)?:?\s*/, BREAKING_PREFIX))
      .map(link.text),
  }));
  if (sections.every((s) => s.items.length === 0)) return { unusable: 'The AI draft had no usable items' };
  const answered = sections.flatMap((s) => s.items).filter(isBreakingItem).length;
  const expected = commits.changes.filter((c) => c.breaking);
  if (answered < expected.reduce((n, c) => n + Math.max(1, c.breakingNotes.length), 0)) {
    // Repaired, not trusted: the breaking changes as the commits state them replace the model's.
    for (const section of sections) section.items = section.items.filter((i) => !isBreakingItem(i));
    for (const c of expected) {
      const target = sections.find((s) => s.category === c.category) ?? sections[0]!;
      target.items.unshift(...renderBreakingItems(c, link));
    }
  }
  const modelHeadline = stripVersion(clean(parsed.title));
  const ranked = leadingChanges(byImportance(commits.changes, options.traits?.leadOrder), options).map(
    nameOf,
  );
  const headline = expected.length > 0 || !isDescriptive(modelHeadline) ? (ranked[0] ?? null) : modelHeadline;
  const detail = options.detail ?? options.traits?.detail ?? 'full';
  const core = finishDraft({
    sections: detail === 'highlights' ? sections : withCollapsedLines(sections, commits),
    headings: bodyStyle(options).headings,
    detail,
    highlights: headline ? [headline, ...ranked.filter((h) => h !== headline).slice(0, 2)] : [],
    hasInternal: commits.maintenance.length + commits.dependencies.length > 0,
    summary: cleanMarkdown(parsed.summary) || null,
    closing: newContributorsLine(commits.newContributors, link),
  });
  return { draft: core, removedRefs };
}
