/**
 * From sections to the parts of a draft every drafter shares: the collapsed dependency and
 * maintenance lines, the title from the version and the dominant change, the one-line summary, and
 * the entry category (the Markdown body: render-body.ts). Deterministic: the same input gives the
 * same bytes.
 */
import type { Category } from '../../contract/entries.schema.ts';
import type { DraftSection } from '../../contract/generate.schema.ts';
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import { outsideCodeSpans, plainRefs, type RefLinker } from './ref-links.ts';

export const SECTION_ORDER: Category[] = ['announcement', 'feature', 'improvement', 'fix'];
/** The built-in heading of each category: a category the project never heads goes under it. */
export const HEADINGS: Record<Category, string> = {
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
/** The longest a collapsed line (dependencies, maintenance) may be, in characters. */
export const COLLAPSED_MAX = 300;
/** The longest headline in a title, in characters (before the version). */
const HEADLINE_MAX = 80;

/** Items that are breaking changes carry this prefix in `sections`; the body lists them first. */
export const BREAKING_PREFIX = '**Breaking:** ';

export function citeRefs(refs: readonly string[], link: RefLinker = plainRefs): string {
  return refs.length ? ` (${refs.map((r) => link.ref(r)).join(', ')})` : '';
}

/**
 * Untrusted text (commit messages, an AI's answer) as Markdown that shows exactly what was written and
 * can make nothing else (docs/api.md#generate-a-draft-from-commits-and-pull-requests: a draft never carries raw HTML, images or links that
 * were not references). Outside code spans: `<` and `>` are escaped (no HTML: `Box<dyn Error>` stays
 * text, `<script>` cannot open an element), `[`, `]` and backslashes are escaped (no link or image syntax),
 * and URL schemes, `www.` hosts and `@` are escaped so that GFM does not autolink them. References
 * are cited apart from the text (`citeRefs`), so they are the only links a draft can hold.
 */
export function escapeText(text: string): string {
  return outsideCodeSpans(text, (part) =>
    part
      .replace(/[\\<>[\]@]/g, (c) => `\\${c}`)
      .replace(/:\/\//g, ':\\/\\/')
      .replace(/\b(www)\./gi, '$1\\.'),
  );
}

/** Texts that already say what the fix does (a verb first) are kept as written. */
const FIX_START =
  /^(fix|fixes|fixed|correct|resolve|repair|prevent|avoid|handle|stop|don't|do not|make|ensure|restore|revert|work around|guard|catch|skip|ignore|respect|honou?r|keep|no longer|properly|allow|use|add|check|verify|validate|set|unset|return|reset|clear|show|print|report|include|exclude|apply|update|remove|rename|replace|change|move|support|treat|pass|parse|read|write|emit|close|open|wait|retry|escape|quote|trim|strip|sort|limit|normalize|preserve|propagate|display|load|save|accept|reject|drop|disable|enable|default|only|always|never|correctly|improve|reduce|increase|bump|upgrade|downgrade|detect|recognize|convert|encode|decode|align|match|count|clean)\b/i;

/**
 * `Crash on empty tag` → `crash on empty tag`; `CLI flag` and `GitHub annotations` stay (an acronym or
 * a name with capitals inside starts them).
 */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]+\b/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** A fix reads as a fix: `fix: crash on empty tag` → `Fix crash on empty tag`; `Fixed x` → `Fix x`. */
export function phraseFix(text: string): string {
  const normalized = text.replace(/^(fixed|fixes|fixing)\b/i, 'Fix');
  return FIX_START.test(normalized) ? normalized : `Fix ${lowerFirst(normalized)}`;
}

type ItemSource = Pick<ClassifiedCommit, 'scope' | 'text' | 'refs' | 'type' | 'category'> &
  Partial<Pick<ClassifiedCommit, 'author'>>;

/**
 * How a project words its items (the drafting profile's traits): citing references or not, crediting
 * the author, past-tense verbs ("Added", "Fixed"). The default cites references and nothing else.
 */
export type ItemStyle = { references: boolean; credits: boolean; pastTense: boolean };
export const DEFAULT_ITEM_STYLE: ItemStyle = { references: true, credits: false, pastTense: false };

/** Leading verbs in the past tense, for projects whose notes write "Added …", "Fixed …". */
const PAST: Record<string, string> = {
  add: 'Added',
  fix: 'Fixed',
  remove: 'Removed',
  change: 'Changed',
  update: 'Updated',
  improve: 'Improved',
  allow: 'Allowed',
  support: 'Supported',
  make: 'Made',
  use: 'Used',
  deprecate: 'Deprecated',
  drop: 'Dropped',
  rename: 'Renamed',
  bump: 'Bumped',
  upgrade: 'Upgraded',
  move: 'Moved',
  replace: 'Replaced',
  introduce: 'Introduced',
  implement: 'Implemented',
  enable: 'Enabled',
  disable: 'Disabled',
  prevent: 'Prevented',
  avoid: 'Avoided',
  handle: 'Handled',
  show: 'Showed',
  correct: 'Corrected',
  resolve: 'Resolved',
  restore: 'Restored',
  expose: 'Exposed',
  optimize: 'Optimized',
  reduce: 'Reduced',
  speed: 'Sped',
  switch: 'Switched',
  document: 'Documented',
  ensure: 'Ensured',
  respect: 'Respected',
  return: 'Returned',
  accept: 'Accepted',
  display: 'Displayed',
  increase: 'Increased',
  refactor: 'Refactored',
};

/** `Add x` → `Added x` (the first word only, when it is a verb in the table); `Fix for x` → `Fixed x`. */
export function inPastTense(text: string): string {
  if (/^fix(?:es)? for\s/i.test(text)) return `Fixed ${text.replace(/^fix(?:es)? for\s+/i, '')}`;
  const first = /^([A-Za-z]+)\b/.exec(text)?.[1];
  const past = first
    ? (PAST[first.toLowerCase().replace(/(?:es|s)$/, '')] ?? PAST[first.toLowerCase()])
    : undefined;
  return past ? `${past}${text.slice(first!.length)}` : text;
}

function scopePrefix(scope: string | null): string {
  return scope ? `**${escapeText(scope)}**: ` : '';
}

/** One changelog line for a change: `**scope**: Text (#1, #2)`; scope and text escaped alike. */
export function renderItem(
  c: ItemSource,
  link: RefLinker = plainRefs,
  style: ItemStyle = DEFAULT_ITEM_STYLE,
): string {
  const phrased =
    c.category === 'fix' && (c.type === 'fix' || c.type === 'bugfix') ? phraseFix(c.text) : c.text;
  const text = style.pastTense ? inPastTense(phrased) : phrased;
  const credit = style.credits && c.author ? ` by ${escapeText(`@${c.author}`)}` : '';
  const refs = style.references ? citeRefs(c.refs, link) : '';
  return `${scopePrefix(c.scope)}${link.text(escapeText(text))}${credit}${refs}`;
}

/** The breaking-change items of a commit: one per footer, in the footer's own words; else its subject. */
export function renderBreakingItems(
  c: ItemSource & Pick<ClassifiedCommit, 'breakingNotes'>,
  link: RefLinker = plainRefs,
): string[] {
  const texts = c.breakingNotes.length > 0 ? c.breakingNotes : [c.text];
  return texts.map(
    (t) =>
      `${BREAKING_PREFIX}${scopePrefix(c.scope)}${link.text(escapeText(t.charAt(0).toUpperCase() + t.slice(1)))}${citeRefs(c.refs, link)}`,
  );
}

/**
 * `globset 0.4.14` from "deps: bump globset to 0.4.14", "Bump serde from 1.0.1 to 1.0.2",
 * "deps: bump to tikv-jemallocator 0.7.0", "body-parser@1.20.0"…; null when the subject names no
 * package and version (then the line only counts it).
 */
export function dependencyName(c: ClassifiedCommit): string | null {
  const s = c.subject;
  const patterns = [
    /bump(?:s|ed)?(?: the)?(?: to)? ([@\w./-]+?)(?: in [\w./ -]+?)?(?: from \S+)?(?: to)? v?(\d[\w.+-]*)/i,
    /(?:update|upgrade)[sd]?(?: dependency)?(?: to)? ([@\w./-]+?)(?:@| to v?| v?)(\d[\w.+-]*)/i,
    /([@\w./-]+)@(\d[\w.+-]*)/,
  ];
  for (const p of patterns) {
    const m = p.exec(s);
    if (m && /[a-z]/i.test(m[1]!)) return `${m[1]} ${m[2]!.replace(/[.,;:]+$/, '')}`;
  }
  return null;
}

/** `a` against `b` as versions (`1.10.0` > `1.9.2`; numbers compared as numbers): negative, 0 or positive. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q) continue;
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (typeof p === 'number' && typeof q === 'number') return p - q;
    return String(p).localeCompare(String(q));
  }
  return 0;
}

/** `names` joined with ", " and "and N more" so that `prefix + list` stays within `max` characters. */
function fitList(prefix: string, names: string[], max: number): string {
  for (let n = names.length; n >= 1; n--) {
    const more = names.length - n;
    const shown = names.slice(0, n).join(', ');
    const line = `${prefix}${shown}${more ? ` and ${more} more` : ''}`;
    if (line.length <= max) return line;
  }
  return `${prefix}${names.length} packages`;
}

/** "Updated 12 dependencies: globset 0.4.14, grep 0.2.13 and 10 more" (≤ 300 characters), or null. */
export function dependencyLine(commits: readonly ClassifiedCommit[]): string | null {
  if (commits.length === 0) return null;
  // Each package once, at the newest version the range bumped it to, whatever order the bumps came in.
  const newest = new Map<string, { name: string; version: string }>();
  let unnamed = 0;
  for (const c of commits) {
    const named = dependencyName(c);
    if (named === null) {
      unnamed++;
      continue;
    }
    const [name, version = ''] = named.split(' ') as [string, string?];
    const pkg = name.toLowerCase();
    const known = newest.get(pkg);
    if (!known || compareVersions(version, known.version) > 0) newest.set(pkg, { name, version });
  }
  const names = [...newest.values()].map((d) => escapeText(`${d.name} ${d.version}`));
  const total = names.length + unnamed;
  const prefix = `Updated ${total} ${total === 1 ? 'dependency' : 'dependencies'}`;
  if (names.length === 0) return prefix;
  const line = fitList(`${prefix}: `, names, COLLAPSED_MAX - (unnamed ? 16 : 0));
  if (!unnamed) return line;
  // Bumps that name no package count as "more".
  const more = /and (\d+) more$/.exec(line);
  return more
    ? line.replace(/and \d+ more$/, `and ${Number(more[1]) + unnamed} more`)
    : `${line} and ${unnamed} more`;
}

/** Human names of internal areas, for the maintenance line. */
const AREA_NAMES: [RegExp, string][] = [
  [/^(test|tests|testing|e2e|spec|specs|coverage|codecov)$/i, 'tests'],
  [/^(doc|docs|documentation|readme|changelog|history|examples?|[a-z]+\/readme|[a-z]+\/docs?)$/i, 'docs'],
  [/^(ci|cd|ci\/.*|github|\.github|gh-actions|actions|workflows?)$/i, 'CI'],
  [/^(build|builds|cargo|pkg(\/.*)?|msrv|edition|release|releases|nix|devcontainer)$/i, 'build'],
  [/^(lint|linting|linter|eslint|prettier|rubocop|clippy|fmt|format|style|styles|styling|typos?)$/i, 'style'],
  [/^(refactor)$/i, 'refactoring'],
  [/^(website|site|web-?site|landing|homepage|sponsors?|funding)$/i, 'website'],
];

/** "Maintenance: 12 internal changes (tests, docs, CI)" — a count and the main areas, no references. */
export function maintenanceLine(commits: readonly ClassifiedCommit[]): string | null {
  if (commits.length === 0) return null;
  const areas = new Map<string, number>();
  for (const c of commits) {
    const raw = c.type === 'refactor' ? 'refactor' : (c.scope ?? c.type ?? '');
    const area = AREA_NAMES.find(([re]) => re.test(raw))?.[1];
    if (area) areas.set(area, (areas.get(area) ?? 0) + 1);
  }
  const top = [...areas.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 4)
    .map(([a]) => a);
  const noun = commits.length === 1 ? 'internal change' : 'internal changes';
  return `Maintenance: ${commits.length} ${noun}${top.length ? ` (${top.join(', ')})` : ''}`;
}

function phrase(counts: [Category, number][]): string {
  const parts = counts.map(([cat, n]) => `${n} ${NOUNS[cat][n === 1 ? 0 : 1]}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The release's category by rule (issue "Drafts a maintainer would publish", scope 4): any breaking
 * change or feature → `feature`; else any fix → `fix`; else `improvement`.
 */
export function categoryByRule(hasBreaking: boolean, counts: readonly [Category, number][]): Category {
  const has = (c: Category) => counts.some(([cat, n]) => cat === c && n > 0);
  if (hasBreaking || has('feature') || has('announcement')) return 'feature';
  if (has('fix')) return 'fix';
  return 'improvement';
}

/** A headline from a change's text: one line, no trailing period, at most 80 characters at a word. */
export function headlineOf(text: string): string {
  const line = text
    .replace(/\s+/g, ' ')
    .replace(/[.;:,]+$/, '')
    .trim();
  const capped =
    line.length <= HEADLINE_MAX ? line : `${line.slice(0, HEADLINE_MAX).replace(/\s+\S*$/, '')}…`;
  return capped.charAt(0).toUpperCase() + capped.slice(1);
}

/** Whether a subject says something on its own (not `V14`, `2.0`, `Breaking`, one bare word). */
export function isDescriptive(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w) && !/^v?\d/i.test(w));
  return words.length >= 2;
}

/**
 * Title: the headline of the most important change; never the version (docs/api.md#generate-a-draft-from-commits-and-pull-requests: the
 * version is its own field and every surface shows it once), never a bare count or internal work.
 */
export function renderTitle(headline: string | null, hasInternal: boolean): string {
  const lead =
    stripVersion(headline ?? '') ||
    (hasInternal ? 'Maintenance and dependency updates' : 'Maintenance release');
  return lead.length <= 200 ? lead : `${lead.slice(0, 199).trimEnd()}…`;
}

/** A headline without a leading version (`v1.2.0: x`, `1.2.0 - x`, `Release 1.2: x` → `x`). */
export function stripVersion(text: string): string {
  const stripped = text.replace(
    /^(?:release\s+|version\s+)?v?\d+(?:\.\d+)+(?:[-+][\w.]+)?\s*[:\-–—|]*\s*/i,
    '',
  );
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/**
 * The closing "New contributors" line (docs/api.md#generate-a-draft-from-commits-and-pull-requests): `@login made
 * their first contribution in #N`, for each first-timer, in pull-request order.
 */
export function newContributorsLine(
  contributors: readonly { login: string; pullRequest: number }[],
  link: RefLinker = plainRefs,
): string | null {
  if (contributors.length === 0) return null;
  const credits = contributors.map(
    (c) => `${escapeText(`@${c.login}`)} made their first contribution in ${link.ref(`#${c.pullRequest}`)}`,
  );
  return `**New contributors**: ${credits.join(', ')}.`;
}

/**
 * One or two sentences naming the highlights (escaped Markdown): "This release brings 2 new features
 * and 3 fixes, including X and Y." and, with breaking changes, a warning to read them first.
 */
export function renderSummary(
  counts: [Category, number][],
  breaking: number,
  highlights: readonly string[],
): string {
  const main = counts.length
    ? `This release brings ${phrase(counts)}.`
    : 'This release contains maintenance and dependency updates.';
  const named = highlights.slice(0, 2).map((h) => escapeText(headlineOf(h)));
  const parts = [main];
  if (named.length) parts.push(`Highlights: ${named.join('; ')}.`);
  if (breaking)
    parts.push(
      `It has ${breaking} breaking ${breaking === 1 ? 'change' : 'changes'}: read ${breaking === 1 ? 'it' : 'them'} before upgrading.`,
    );
  return parts.join(' ');
}

/** An item of `sections` that is a breaking change (ours: `**Breaking:** …`; a model's: `Breaking: …`). */
export const BREAKING_ITEM = /^(\*\*Breaking:?\*\*:?|Breaking:)\s*/;

export function isBreakingItem(item: string): boolean {
  return BREAKING_ITEM.test(item);
}

/** Whether a section item is one of the collapsed lines (dependencies, maintenance), not a change. */
export function isCollapsedLine(item: string): boolean {
  return /^(Dependencies|Maintenance): |^Updated \d+ dependenc/.test(item);
}

/** Section item counts, in section order, without the dependency/maintenance lines. */
export function countItems(sections: readonly DraftSection[]): [Category, number][] {
  return SECTION_ORDER.flatMap((category) => {
    const n =
      sections.find((s) => s.category === category)?.items.filter((i) => !isCollapsedLine(i)).length ?? 0;
    return n > 0 ? [[category, n] as [Category, number]] : [];
  });
}
