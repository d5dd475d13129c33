/**
 * One commit message → what it means for a user-facing changelog.
 *
 * Conventional Commits are parsed with conventional-commits-parser (feat → feature, fix → fix,
 * perf/refactor → improvement, docs/ci/build/test/chore/style → maintenance, deps scopes and bot bumps
 * → dependency). Free-form messages get the same treatment from their `area: message` prefix
 * (ripgrep: `printer: …`, `deps: …`, `doc: …`) and the leading verb of the prose (express: "Fix …",
 * "Add …", "Deprecate …").
 */
import { CommitParser } from 'conventional-commits-parser';
import type { Category } from '../../contract/entries.schema.ts';
import { bodySaysBreaking, isBreakingProse, raisesRequirement } from './breaking-prose.ts';
import { extractRefs } from './commit-refs.ts';
import { INTERNAL_AREA, isInternalProse, isReviewFollowUp } from './internal-work.ts';
import { revertedSubject } from './revert-target.ts';
import { DEPENDENCY_BOT_TRAILER } from './dependency-bots.ts';

export type CommitKind = 'change' | 'dependency' | 'maintenance' | 'noise' | 'release';

export type ClassifiedCommit = {
  kind: CommitKind;
  /** Meaningful for `change` (and the section that maintenance/dependency lines go to). */
  category: Category;
  /** The Conventional Commits type, when the message is one (`feat`, `fix`…). */
  type: string | null;
  /** Scope or free-form area (`config`, `printer`), shown in bold before the item. */
  scope: string | null;
  /** The subject without type/scope/area prefix and without trailing references. */
  text: string;
  /** The first paragraph of the body that says something (trailers and sub-commit lists removed). */
  detail: string;
  breaking: boolean;
  /** The text of each `BREAKING CHANGE:` / `BREAKING-CHANGE:` footer, in order (may be empty). */
  breakingNotes: string[];
  refs: string[];
  /** The subject line as written, for de-duplication and revert matching. */
  subject: string;
  /** The pull request this change is (from `pullRequests`, a merge commit or a squash subject), or null. */
  pullRequest: number | null;
  /** How many commits or pull requests were folded into this one (near-duplicates, same-range fixes). */
  weight: number;
  /**
   * What decided the kind and category, in the order that counts (docs/api.md#generate-a-draft-from-commits-and-pull-requests): the author's own signal (a Conventional Commits type or scope, an area
   * prefix, `!` or a BREAKING footer, labels, a release-note section, a bot's bump), else the files it
   * touched, else the project's drafting profile, else the words of an untyped subject.
   */
  decidedBy: Decider;
  /** The paths it changed (its commit's first-parent diff, or its pull request's files); null when unknown. */
  files: string[] | null;
  /** Lines added plus lines deleted, when known; 0 otherwise. */
  lines: number;
  /** Who wrote it, when a pull request says (its author's login), else null. */
  author: string | null;
  /**
   * Typed user-facing (`feat`, `fix`, `perf`…) with a scope that names internal work (`feat(ci):`,
   * `fix(build):`): an item whatever the scope's word, unless its files are only docs, tests, CI or
   * tooling (evidence/apply-evidence.ts), and never the release's headline on the scope's word alone.
   */
  internalScope?: boolean;
  /**
   * Worded like internal work ("Add URL parsing tests", "Use `__future__` annotations") but touching
   * the product's files, so an item by its files (evidence/apply-evidence.ts); it leads a draft only
   * when nothing else may (render/lead-tier.ts).
   */
  internalWords?: boolean;
};

export type Decider = 'author' | 'files' | 'profile' | 'words';

const parser = new CommitParser({
  headerPattern: /^(\w*)(?:\(([^)]*)\))?!?: (.*)$/,
  breakingHeaderPattern: /^(\w*)(?:\(([^)]*)\))?!: (.*)$/,
  noteKeywords: ['BREAKING CHANGE', 'BREAKING-CHANGE'],
  // References come from our own extractRefs. Without this the parser scans for them with a regex
  // that backtracks on every subject lacking a '#': ~0.8 ms each, 35× the cost of the parse itself.
  issuePrefixes: null as unknown as string[],
});

const CONVENTIONAL_TYPES: Record<string, { kind: CommitKind; category: Category }> = {
  feat: { kind: 'change', category: 'feature' },
  feature: { kind: 'change', category: 'feature' },
  fix: { kind: 'change', category: 'fix' },
  bugfix: { kind: 'change', category: 'fix' },
  perf: { kind: 'change', category: 'improvement' },
  // A refactor changes nothing users can see: internal work.
  refactor: { kind: 'maintenance', category: 'improvement' },
  // Undoing a change that shipped fixes what it did (release-please's and git-cliff's Reverts).
  revert: { kind: 'change', category: 'fix' },
  deprecate: { kind: 'change', category: 'improvement' },
  security: { kind: 'change', category: 'fix' },
  docs: { kind: 'maintenance', category: 'improvement' },
  doc: { kind: 'maintenance', category: 'improvement' },
  style: { kind: 'maintenance', category: 'improvement' },
  test: { kind: 'maintenance', category: 'improvement' },
  tests: { kind: 'maintenance', category: 'improvement' },
  build: { kind: 'maintenance', category: 'improvement' },
  ci: { kind: 'maintenance', category: 'improvement' },
  chore: { kind: 'maintenance', category: 'improvement' },
};

const DEPENDENCY_AREAS = /^(deps|dep|dependencies|deps-dev|dev-deps)$/i;

const VERSION_ONLY = /^v?\d+(\.\d+){1,3}([-+.][0-9A-Za-z.-]+)?$/;
const CRATE_RELEASE = /^[a-z][\w-]*-v?\d+\.\d+\.\d+([-+.][0-9A-Za-z.-]+)?$/;
const RELEASE_SUBJECT =
  /^(release|releasing|released|bump(ed)? version|set version|version bump|new version|version|prepar(?:e|ing|ations?)( for)?( release)?|bump(?: to)?(?= v?\d))\b.*\d+\.\d+|^v?\d+(\.\d+)+[^\s]* (release|released)$|^(chore|build|ci|release)(\(release\))!?:.*\d+\.\d+|^(chore|build)(\([^)]*\))?!?: (release|prepare for|bump version)\b/i;
/** "Start version 8.4.2", "Back to development: 2.1", "Post-release version bump", "Set dev version", "Preparations for fd 9 release", "Release 4 6 0" (GitHub titles a pull request from its branch, `release-4-6-0`, with spaces). */
const VERSION_BUMP =
  /^(?:start(?:ing)?|begin|open|back to|bump(?:ing)?(?: the)?|set(?:ting)?(?: the)?|increment|update)\s+(?:(?:dev|development|next|new|patch|minor|major)\s+)?(?:version|development|dev|cycle)\b|^post[- ]release\b|^(?:prepare|prep)(?:are)? (?:for )?(?:the )?next (?:release|version|development)|\b(?:dev|development|snapshot) version\b|^(?:release|tag(?:ged)?|version) v?\d+(?:\.\d+)+\S*$|^(?:release|version) v?\d+(?: \d+){1,3}(?: \(#\d+\))?$|^revert(?:ing)? (?:the )?release(?: version)? (?:changes|commit|bump)|^prep\w* for (?:the )?(?:[\w.-]+ ){0,3}release\b/i;
const NOISE_SUBJECT =
  /^(deploying to|deployed to|deploy to|wip\b|fixup!|squash!|amend!|rebase\b|merge branch|merge remote-tracking|merge tag|merge pull request #?\d+ from \S+$|merge (main|master|develop|dev|stable|release|upstream|trunk)\b|merge [\w./'-]+ (into|to|with) [\w./'-]+$|merge (back|forward|up)\b|initial commit$|update (changelog|history)(\.md)?$|\[skip ci\]|merge commit from fork$)/i;
/**
 * GitHub's closing keyword and the issue it closes before a subject's own words (`Fix #2590: add the
 * :equals-nil linter`, `fixes #7457 - streamline …`, `Closes GH-12: …`).
 */
const CLOSING_PREFIX =
  /^(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?)\s+(?:#|gh-)\d+\s*(?::|\s-{1,2}|\s[–—])\s*(?=\S)/i;
/** A release commit named after the product: "zoxide version 0.17.0", "Prepare release", "Release prep". */
const NAMED_RELEASE =
  /^(?:[\w.@/-]+\s+){1,2}version\s+v?\d+(?:\.\d+)+\S*$|^prep(?:are[sd]?|aring)?\s+(?:for\s+)?(?:the\s+|a\s+)?(?:new\s+|next\s+)?release$|^release\s+prep(?:aration)?s?$/i;
/** Every dependency at once, naming none: "Bump dependencies", "Update all deps". */
const ALL_DEPENDENCIES =
  /^(?:bump|update|upgrade|refresh)(?:s|d|ed|ing)?\s+(?:all\s+|the\s+|some\s+|several\s+|our\s+)?(?:(?:dev|development|npm|cargo|python|ruby|js|go|rust|node)\s+)?(?:dependencies|deps|packages|crates|gems|modules)\b[.!]?$/i;
const BOT_BUMP =
  /^(bump|update|upgrade|pin) `?[@\w./-]+`?(?: from \S+)?(?: to |\s?(?:==|>=|~=|@)) ?v?\d\S*|^(?:update|upgrade|bump)(?:s|d|ed)? to `?[@\w./-]+`? v?\d+(?:\.\d+)+|^(?:update|upgrade|bump)(?:s|d|ed)? (?:the )?`?[@\w./-]+`? (?:version|dependency|crate|gem|package)$|^(build|chore|fix)\(deps(-dev)?\)!?: (bump|update|upgrade|pin|lock)|^📌|^bump [@\w./-]+ and [@\w./-]+$|^(?:drop|remove)(?:s|d|ped)? (?:the )?(?:dependency|dep) on\b|^bump the [\w-]+ group\b/i;
/**
 * A dependency change users notice: a library replaced, a minimum version raised, support dropped. It is
 * an item of its own, not a name in the dependency line (issue "Drafts a maintainer publishes as drafted").
 */
const DEPENDENCY_BEHAVIOUR =
  /\b(?:replace[sd]?|switch(?:es|ed)? (?:from|to)|migrate[sd]? (?:from|to)|move[sd]? (?:from|to)|minimum|no longer|require[sd]?|(?:re-?)?allow(?:s|ed)?|forbid(?:s|den)?|msrv|drop(?:s|ped)? (?:support|python|node|ruby|php|go|rust))\b/i;
/** A link to a review thread or review of a pull request. */
const REVIEW_THREAD = /\/pull\/\d+(?:\/files)?#(?:discussion_r|pullrequestreview-|r)\d+/;
/** A breaking marker written before the header: `BREAKING:`, `BREAKING CHANGE:`, `[BREAKING]`, `[breaking]`. */
const BREAKING_MARKER = /^\s*(?:\[breaking(?:[ -]change)?\]|\*{0,2}breaking(?:[ -]change)?\*{0,2}:)\s*/i;

const FIX_VERB =
  /^(fix|fixes|fixed|fixing|correct|corrects|resolve|resolves|repair|prevent|avoid|handle|stop|don't|do not|make sure|ensure)\b|^add(?:s|ed)? (?:a |an |the )?missing\b|\b(bug|crash|crashes|panic|panics|regression|broken|incorrect(ly)?|wrong)\b/i;
const FEATURE_VERB =
  /^(add|adds|added|adding|introduce|introduces|implement|implements|support|new|allow|allows|enable|enables|expose|exposes|provide|provides)\b/i;

const TRAILER =
  /^[\w-]+(-by)?: .+<.*>$|^(signed-off-by|co-authored-by|reviewed-by|acked-by|change-id|pr-url|closes|fixes|resolves|refs?|see|pr)\b[: #]/i;

function firstUsefulParagraph(body: string): string {
  for (const paragraph of body.split(/\r?\n\s*\r?\n/)) {
    const lines = paragraph
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(
        (l) =>
          l !== '' && !TRAILER.test(l) && !/^[*-] /.test(l) && !/^PR #\d+$/i.test(l) && !/^-{3,}$/.test(l),
      );
    const text = lines.join(' ').trim();
    if (text.length >= 12 && !/^https?:\/\/\S+$/.test(text)) return text;
  }
  return '';
}

const REF = String.raw`(?:#\d+|GH-\d+|[\w.-]+\/[\w.-]+#\d+)`;
const REF_GROUP = new RegExp(String.raw`\s*\(\s*${REF}(?:\s*,\s*${REF})*\s*\)`, 'gi');
const LEADING_REF = new RegExp(String.raw`^${REF}[:\s-]+`, 'i');

/**
 * The subject's words without its references (they are cited once, after the text): parenthesised
 * reference lists anywhere, a leading `#12:` and a trailing bare `#12` go.
 */
function cleanText(text: string): string {
  const stripped = text
    .replace(REF_GROUP, '')
    .replace(LEADING_REF, '')
    .replace(/\s+#\d+$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/** A change's category from the verb of its prose: fixes, additions, else improvements. */
export function categoryFromProse(text: string): Category {
  if (FIX_VERB.test(text)) return 'fix';
  if (FEATURE_VERB.test(text)) return 'feature';
  return 'improvement';
}

/**
 * The text of each breaking-change footer (Conventional Commits 1.0 §12-16): the token, then the text
 * up to the next footer token or a blank line, joined into one line.
 */
export function breakingNotesOf(body: string): string[] {
  const notes: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\n')) {
    const start = /^BREAKING[ -]CHANGE: *(.*)$/.exec(line);
    if (start) {
      if (current) notes.push(current.join(' '));
      current = start[1] ? [start[1].trim()] : [];
    } else if (current && (line.trim() === '' || /^[\w-]+(: | #)/.test(line))) {
      notes.push(current.join(' '));
      current = null;
    } else if (current) {
      current.push(line.trim());
    }
  }
  if (current) notes.push(current.join(' '));
  return notes.map((n) => n.trim()).filter((n) => n.length > 0);
}

/** `(feat) add x`, `[fix] y`, `Feat: z`, `feat[release]: z` → the Conventional Commits header they mean. */
function normalizeHeader(subject: string): string {
  const bracketed = /^[([](\w+)(?:\(([^)]*)\))?[)\]]:?\s+(.+)$/.exec(subject);
  if (bracketed && CONVENTIONAL_TYPES[bracketed[1]!.toLowerCase()]) {
    return `${bracketed[1]!.toLowerCase()}${bracketed[2] ? `(${bracketed[2]})` : ''}: ${bracketed[3]}`;
  }
  // A scope in square brackets: `fix[build]: Fix syntax of github action`.
  const squareScope = /^(\w+)\[([^\]]{1,40})\](!?):\s*(.+)$/.exec(subject);
  if (squareScope && CONVENTIONAL_TYPES[squareScope[1]!.toLowerCase()]) {
    return `${squareScope[1]!.toLowerCase()}(${squareScope[2]})${squareScope[3]}: ${squareScope[4]}`;
  }
  // `chore(man):Remove …`: a known type whose colon lacks its space is still a header.
  const spaced = subject.replace(
    /^(\w+)((?:\([^)]*\))?!?):(?=[^\s/])/,
    (header, type: string, rest: string) =>
      CONVENTIONAL_TYPES[type.toLowerCase()] ? `${type}${rest}: ` : header,
  );
  return spaced.replace(/^(\w+)(?=(\([^)]*\))?!?: )/, (type) =>
    CONVENTIONAL_TYPES[type.toLowerCase()] ? type.toLowerCase() : type,
  );
}

/**
 * Classify one commit message (subject, blank line, body). On top of the type and area rules: a
 * dependency change users notice (a replaced library, a raised minimum) is a change of its own, and a
 * change whose prose says it breaks something is breaking (breaking-prose.ts).
 */
export function classifyCommit(message: string): ClassifiedCommit {
  // `BREAKING: regex: remove the CRLF hack`, `[BREAKING] Drop --foo`: a marker before the header.
  const marked = BREAKING_MARKER.exec(message);
  if (marked) {
    const c = classifyCommit(message.slice(marked[0].length));
    return { ...c, kind: c.kind === 'noise' || c.kind === 'release' ? c.kind : 'change', breaking: true };
  }
  const c = classifyByForm(message);
  const body = message.slice(message.indexOf('\n') + 1 || message.length);
  // A commit that only answers a review thread (`Refs: …/pull/3030#discussion_r…`, little else said)
  // finishes that pull request; a change that explains itself and cites a thread in passing does not.
  if (c.kind === 'change' && !c.breaking && REVIEW_THREAD.test(message)) {
    const said = body
      .replace(/\S*https?:\/\/\S+/g, '')
      .replace(/^[\w-]+:\s*$/gm, '')
      .trim();
    if (said.length < 80) return { ...c, kind: 'maintenance' };
  }
  if (c.kind === 'change' && !c.breaking && bodySaysBreaking(body.slice(0, 20_000)))
    return { ...c, breaking: true };
  if (c.kind === 'dependency' && !DEPENDENCY_BOT_TRAILER.test(message) && DEPENDENCY_BEHAVIOUR.test(c.text)) {
    // The `deps` area says where the change was made, not what users get: it is not shown.
    const scope = c.scope && /^(deps|dep|dependencies|deps-dev|dev-deps)$/i.test(c.scope) ? null : c.scope;
    return {
      ...c,
      scope,
      kind: 'change',
      category: 'improvement',
      breaking: c.breaking || isBreakingProse(c.text),
    };
  }
  // A raised minimum version filed as chores (`chore(build): bump MSRV to 1.83.0`, `msrv: bump to
  // Rust 1.52.1`) is news for everyone on the old version; the same words about the README, the docs
  // or CI (`doc: update MSRV in README`) are not.
  if (
    (c.kind === 'maintenance' || (c.kind === 'dependency' && !DEPENDENCY_BOT_TRAILER.test(message))) &&
    raisesRequirement(`${c.scope ?? ''}: ${c.text}`.replace(/^: /, '')) &&
    !MINIMUM_ELSEWHERE.test(`${c.scope ?? ''} ${c.text}`)
  ) {
    const scope =
      c.scope && /^(?:deps|dep|dependencies|deps-dev|dev-deps|build|chore)$/i.test(c.scope) ? null : c.scope;
    return { ...c, scope, kind: 'change', category: 'improvement', breaking: true };
  }
  if (c.kind === 'change' && !c.breaking && isBreakingProse(c.text, c.category === 'fix'))
    return { ...c, breaking: true };
  return c;
}

/** A minimum version stated in the docs, CI or a container image rather than required of users. */
const MINIMUM_ELSEWHERE =
  /\b(?:readme|docs?|documentation|ci|workflows?|docker(?:file)?|image|tests?|test suite|clippy|lint)\b/i;

function classifyByForm(message: string): ClassifiedCommit {
  const normalized = message.replace(/\r\n/g, '\n').trim();
  const [subjectLine = '', ...rest] = normalized.split('\n');
  // A subject is one line of a few dozen characters; cap pathological ones so every regex stays cheap.
  // A gitmoji (`✨ feat(website): …`, `:bug: fix …`) decorates the header; the type follows it.
  const subject = subjectLine
    .trim()
    .slice(0, 500)
    .replace(/^(?::[a-z_]+:|\p{Extended_Pictographic}\uFE0F?)\s*/u, '');
  const body = rest.join('\n').trim();
  const refs = extractRefs(normalized);
  const detail = firstUsefulParagraph(body);
  const breakingNotes = /^BREAKING[ -]CHANGE:/m.test(body) ? breakingNotesOf(body.slice(0, 20_000)) : [];
  const base = {
    subject,
    refs,
    detail,
    breaking: breakingNotes.length > 0,
    breakingNotes,
    pullRequest: null,
    weight: 1,
    // A BREAKING footer is the author's own word; everything else below says who decided.
    decidedBy: (breakingNotes.length > 0 ? 'author' : 'words') as Decider,
    files: null,
    lines: 0,
    author: null,
  };
  const internal = (fields: { type: string | null; scope: string | null; text: string }) =>
    ({ ...base, ...fields, kind: 'maintenance', category: 'improvement' }) as const;

  if (subject === '' || NOISE_SUBJECT.test(subject)) {
    return { ...base, kind: 'noise', category: 'improvement', type: null, scope: null, text: subject };
  }
  if (
    VERSION_ONLY.test(subject) ||
    CRATE_RELEASE.test(subject) ||
    RELEASE_SUBJECT.test(subject) ||
    VERSION_BUMP.test(subject) ||
    NAMED_RELEASE.test(subject)
  ) {
    return { ...base, kind: 'release', category: 'improvement', type: null, scope: null, text: subject };
  }
  if (DEPENDENCY_BOT_TRAILER.test(normalized) || BOT_BUMP.test(subject) || ALL_DEPENDENCIES.test(subject)) {
    return {
      ...base,
      decidedBy: DEPENDENCY_BOT_TRAILER.test(normalized) ? 'author' : base.decidedBy,
      kind: 'dependency',
      category: 'improvement',
      type: null,
      scope: 'deps',
      text: cleanText(subject),
    };
  }

  // The parser's reference/mention regexes are super-linear on long bodies (seconds for one
  // 1 KiB word), and we need only its header fields: give it just the header, bounded.
  const header = normalizeHeader(subject.slice(0, 300));
  const parsed = parser.parse(header);
  const type = parsed.type?.toLowerCase() ?? null;
  if (type && parsed.subject) {
    const scope = parsed.scope ?? null;
    const breaking = base.breaking || /^\w+(\([^)]*\))?!:/.test(header);
    const mapped = CONVENTIONAL_TYPES[type];
    const text = cleanText(parsed.subject);
    if (scope && DEPENDENCY_AREAS.test(scope))
      return {
        ...base,
        decidedBy: 'author',
        breaking,
        kind: 'dependency',
        category: 'improvement',
        type,
        scope,
        text,
      };
    // `revert: feat: add x`, the reverted header quoted: what it undid decides, as for git's form below.
    const undone = type === 'revert' && !breaking ? classifyByForm(parsed.subject) : null;
    if (undone?.type) {
      if (undone.kind !== 'change') return { ...revertOf(base, undone, subject), scope, type };
      return {
        ...base,
        decidedBy: 'author',
        kind: 'change',
        category: 'fix',
        type,
        scope,
        text: `Revert "${undone.text}"`,
      };
    }
    if (mapped) {
      // The author typed it: a breaking change is news whatever its type; otherwise an internal type
      // (`docs:`, `ci:`) is Maintenance and a user-facing type an item, whatever its words or its
      // scope's: `feat(ci): add a --ci flag` is a feature; only its files can say it is internal work.
      if (!breaking && mapped.kind === 'maintenance')
        return { ...internal({ type, scope, text }), breaking, decidedBy: 'author' };
      const internalScope = !breaking && scope !== null && INTERNAL_AREA.test(scope);
      return {
        ...base,
        decidedBy: 'author',
        breaking,
        kind: 'change',
        category: breaking && type === 'chore' ? 'improvement' : mapped.category,
        type,
        scope,
        text,
        ...(internalScope ? { internalScope } : {}),
      };
    }
    // An unknown type is an area written like a type (`printer: fix …`): fall through to prose rules.
  }

  // `Fix #2590: add a linter`: the closing keyword names the issue the change answers, and the words
  // after it say what the change is when they start with an addition's verb; otherwise (`Fix #12 -
  // crash on empty tag`) they state the problem, and the subject reads as the fix it is.
  const closed = subject.replace(CLOSING_PREFIX, '');
  const prose = closed !== subject && FEATURE_VERB.test(closed) ? closed : subject;
  const area = /^([\w./-]{1,30}): (.+)$/.exec(prose);
  if (area) {
    const [, name = '', rest2 = ''] = area;
    const text = cleanText(rest2);
    if (DEPENDENCY_AREAS.test(name) || BOT_BUMP.test(rest2))
      return {
        ...base,
        decidedBy: DEPENDENCY_AREAS.test(name) ? 'author' : base.decidedBy,
        kind: 'dependency',
        category: 'improvement',
        type: null,
        scope: name,
        text,
      };
    // An area prefix naming internal work (`docs:`, `ci:`) is the author's own label.
    if (!base.breaking && INTERNAL_AREA.test(name))
      return { ...internal({ type: null, scope: name, text }), decidedBy: 'author' };
    if (!base.breaking && isInternalProse(rest2)) return internal({ type: null, scope: name, text });
    return { ...base, kind: 'change', category: categoryFromProse(rest2), type: null, scope: name, text };
  }
  const reverted = revertedSubject(prose);
  const undone = reverted !== null ? classifyByForm(reverted) : null;
  if (undone && !base.breaking && undone.kind !== 'change') return revertOf(base, undone, subject);
  const revert = undone !== null;
  const text = cleanText(undone ? `Revert "${undone.text}"` : prose);
  if (!base.breaking && isReviewFollowUp(prose))
    return { ...internal({ type: null, scope: null, text }), decidedBy: 'author' };
  if (!revert && !base.breaking && isInternalProse(prose)) return internal({ type: null, scope: null, text });
  return {
    ...base,
    kind: 'change',
    category: revert ? 'fix' : categoryFromProse(prose),
    type: null,
    scope: null,
    text,
  };
}

/**
 * A revert of what is not a change users saw: undoing internal work is internal work (`Revert "build:
 * use minimatch@3.0.4 for Node.js < 4"`), undoing a branch merge or a release is noise (`Revert "Merge
 * Stable into master"`).
 */
function revertOf(
  base: Omit<ClassifiedCommit, 'kind' | 'category' | 'type' | 'scope' | 'text'>,
  undone: ClassifiedCommit,
  subject: string,
): ClassifiedCommit {
  if (undone.kind === 'noise' || undone.kind === 'release')
    return { ...base, kind: 'noise', category: 'improvement', type: null, scope: null, text: subject };
  const kind = undone.kind === 'dependency' ? 'dependency' : 'maintenance';
  return { ...base, kind, category: 'improvement', type: null, scope: null, text: cleanText(subject) };
}
