/**
 * What a drafting profile's counts (learn-profile.ts) mean for a draft, and for the people who read the
 * profile: the detail the project writes at, its headings in order, its usual number of items, how its
 * items are worded, and all of it in words ("lists fixes, leaves out docs and dependency updates, about
 * 6 items, headings Features / Bug fixes").
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { Detail, SectionHeading } from '../../contract/generate.schema.ts';
import type { DraftingProfile } from '../../contract/history.schema.ts';
import { CHANGE_KINDS, KIND_NAMES } from '../evidence/change-kinds.ts';
import { listingRate } from '../select/counts-selector.ts';
import { sameHeading } from './heading-categories.ts';
import { median } from './learn-profile.ts';
import { applies, type DraftingProfileModel, PROFILE_PARTS } from './profile-model.ts';

/** Style rules hold when at least this share of the project's notes items follow them. */
const STYLE_SHARE = { references: 0.5, credits: 0.4, pastTense: 0.5 } as const;

export type ProfileTraits = {
  detail: Detail;
  /** The project's headings in its order; empty for a flat list or before anything is learned. */
  sections: SectionHeading[];
  /** Its notes are one list without headings. */
  flat: boolean;
  /** The heading its breaking changes go under, when it has one. */
  breakingHeading: string | null;
  itemsPerRelease: number | null;
  /**
   * The categories in the order its notes lead with them (its headings' order: `Fixed` above `Added`
   * leads with fixes), which orders the changes a title may name; empty: the built-in order
   * (features, improvements, fixes; draft-offline.ts `byImportance`).
   */
  leadOrder: LeadCategory[];
  style: { references: boolean; credits: boolean; pastTense: boolean };
};

const DEFAULT_TRAITS: ProfileTraits = {
  detail: 'full',
  sections: [],
  flat: false,
  breakingHeading: null,
  itemsPerRelease: null,
  leadOrder: [],
  style: { references: true, credits: false, pastTense: false },
};

/**
 * The traits a profile's counts show, each only where its part is applied (`detail`, `sections`,
 * `style`; profile-model.ts); the built-in ones before any release was learned.
 */
export function traitsOf(model: DraftingProfileModel | null): ProfileTraits {
  if (!model || model.releasesLearned === 0) return DEFAULT_TRAITS;
  const learned = learnedTraits(model);
  return {
    detail: applies(model, 'detail') ? learned.detail : DEFAULT_TRAITS.detail,
    ...(applies(model, 'sections')
      ? { sections: learned.sections, flat: learned.flat, breakingHeading: learned.breakingHeading }
      : { sections: [], flat: false, breakingHeading: null }),
    itemsPerRelease: learned.itemsPerRelease,
    leadOrder: applies(model, 'headline') ? learned.leadOrder : [],
    style: applies(model, 'style') ? learned.style : DEFAULT_TRAITS.style,
  };
}

/** Every trait the counts show, applied or not. */
export function learnedTraits(model: DraftingProfileModel): ProfileTraits {
  const items = median(model.itemCounts);
  const changes = median(model.changeCounts);
  // A project whose notes name a few of many changes writes highlights, not the full list.
  const detail: Detail =
    items !== null && changes !== null && items <= 3 && items < 0.4 * changes ? 'highlights' : 'full';
  const best = new Map<Category, { heading: string; count: number; place: number }>();
  let breakingHeading: { heading: string; count: number } | null = null;
  for (const h of model.headings) {
    if (h.category === 'breaking') {
      if (!breakingHeading || h.count > breakingHeading.count) breakingHeading = h;
      continue;
    }
    const known = best.get(h.category);
    if (!known || h.count > known.count) best.set(h.category, h);
  }
  const sections = [...best.entries()]
    .sort((a, b) => a[1].place - b[1].place)
    .map(([category, h]) => ({ category, heading: h.heading }));
  const share = (n: number) => (model.style.items > 0 ? n / model.style.items : 0);
  const flat = model.flatReleases * 2 > model.releasesLearned;
  return {
    detail,
    sections: flat ? [] : sections,
    flat,
    breakingHeading: breakingHeading?.heading ?? null,
    itemsPerRelease: items,
    leadOrder: leadOrderOf(sections),
    style: {
      references: share(model.style.references) >= STYLE_SHARE.references,
      credits: share(model.style.credits) >= STYLE_SHARE.credits,
      pastTense: share(model.style.pastTense) >= STYLE_SHARE.pastTense,
    },
  };
}

/** Each part in words, for the description. */
const PART_NAMES: Record<(typeof PROFILE_PARTS)[number], string> = {
  listing: 'what it lists',
  productPaths: 'its product paths',
  breaking: 'its breaking wording',
  detail: 'its detail',
  sections: 'its headings',
  headline: 'what its titles name',
  style: 'its item style',
};

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The profile in words, for the dashboard, the API and the AI drafter's prompt: only what drafts apply
 * (a part the replay did not apply is named as such, never described as what the project does: its
 * drafts follow the built-in defaults there), and how many items a release usually has.
 */
export function describeProfile(model: DraftingProfileModel | null): string {
  if (!model || model.releasesLearned === 0)
    return 'Nothing learned yet: drafts follow the built-in defaults (features, improvements and fixes listed; internal work and dependency updates summed up in one line each).';
  const t = learnedTraits(model);
  const dropped = PROFILE_PARTS.filter((p) => !applies(model, p));
  const parts = [
    `Learned from ${model.releasesLearned} ${model.releasesLearned === 1 ? 'release' : 'releases'}`,
    ...(applies(model, 'listing') ? listingInWords(model) : []),
    t.itemsPerRelease !== null
      ? `about ${t.itemsPerRelease} ${t.itemsPerRelease === 1 ? 'item' : 'items'} a release`
      : null,
    applies(model, 'detail') && t.detail === 'highlights' ? 'names only the highlights' : null,
    ...(applies(model, 'sections') ? [sectionsInWords(t)] : []),
    applies(model, 'headline') && t.leadOrder.length
      ? `titles name its ${LEAD_NAMES[t.leadOrder[0]!]} first`
      : null,
    ...(applies(model, 'style') ? styleInWords(t) : []),
    applies(model, 'productPaths') && model.productPaths.length
      ? `product paths ${model.productPaths.join(', ')}`
      : null,
    dropped.length ? `not applied, as its releases showed: ${list(dropped.map((p) => PART_NAMES[p]))}` : null,
  ].filter((p): p is string => p !== null);
  return `${parts[0]}: ${parts.slice(1).join('; ')}.`;
}

/** The kinds the project lists and leaves out (listed at least half the time, or less). */
function listingInWords(model: DraftingProfileModel): string[] {
  const state = model.selector.state;
  const seen = CHANGE_KINDS.filter((k) => k !== 'breaking' && (state.kinds[k]?.seen ?? 0) > 0);
  const listed = seen.filter((k) => listingRate(state, k) >= 0.5).map((k) => KIND_NAMES[k]);
  const left = seen.filter((k) => listingRate(state, k) < 0.5).map((k) => KIND_NAMES[k]);
  return [
    listed.length ? `lists ${list(listed)}` : null,
    left.length ? `leaves out ${list(left)}` : null,
  ].filter((p): p is string => p !== null);
}

function sectionsInWords(t: ProfileTraits): string | null {
  if (t.flat) return 'one list without headings';
  // A heading several kinds share is named once, as drafts write it (render/render-body.ts).
  const headings = t.sections
    .map((s) => s.heading)
    .filter((h, i, all) => all.findIndex((o) => sameHeading(o, h)) === i);
  return headings.length ? `headings ${headings.join(' / ')}` : null;
}

function styleInWords(t: ProfileTraits): (string | null)[] {
  return [
    t.style.references ? 'items cite their pull requests' : 'items cite no references',
    t.style.credits ? 'credits their authors' : null,
    t.style.pastTense ? 'past-tense verbs ("Added", "Fixed")' : null,
  ];
}

/** The profile as the API shows it (docs/api.md, `GET /api/v1/drafting/profile`). */
export function presentProfile(model: DraftingProfileModel | null, updatedAt: Date | null): DraftingProfile {
  // What was learned; `validation.applied` says which parts drafts use.
  const t = model && model.releasesLearned > 0 ? learnedTraits(model) : traitsOf(null);
  return {
    releasesLearned: model?.releasesLearned ?? 0,
    updatedAt: updatedAt?.toISOString() ?? null,
    detail: t.detail,
    sections: t.sections,
    listing: CHANGE_KINDS.map((kind) => ({
      kind,
      label: KIND_NAMES[kind],
      rate: Math.round(listingRate(model?.selector.state ?? null, kind) * 100) / 100,
      seen: model?.selector.state.kinds[kind]?.seen ?? 0,
    })),
    productPaths: model?.productPaths ?? [],
    validation: model?.validation ?? null,
    itemsPerRelease: t.itemsPerRelease,
    style: t.style,
    description: describeProfile(model),
  };
}

const LEAD_NAMES: Record<LeadCategory, string> = {
  feature: 'features',
  improvement: 'improvements',
  fix: 'fixes',
};

/** The categories a learned lead order ranks; breaking changes and security fixes lead whatever it says. */
export type LeadCategory = 'feature' | 'improvement' | 'fix';

/** The order titles lead with when no learned order is applied (render/draft-offline.ts `byImportance`). */
export const BUILT_IN_LEAD: readonly LeadCategory[] = ['feature', 'improvement', 'fix'];

/**
 * The categories in the order `sections` (the learned headings, in the notes' order) head them; kinds
 * that share a heading in the built-in order under it, as drafts write them (render/render-body.ts).
 */
function leadOrderOf(sections: readonly SectionHeading[]): LeadCategory[] {
  const headed = (c: LeadCategory) => {
    const own = sections.find((s) => s.category === c);
    return own ? sections.findIndex((s) => sameHeading(s.heading, own.heading)) : -1;
  };
  return BUILT_IN_LEAD.filter((c) => headed(c) >= 0).sort(
    (a, b) => headed(a) - headed(b) || BUILT_IN_LEAD.indexOf(a) - BUILT_IN_LEAD.indexOf(b),
  );
}
