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
import type { Category } from '../../../core/contract/entries.schema.ts';
import { extractRefs } from './commit-refs.ts';

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
  refs: string[];
  /** The subject line as written, for de-duplication and revert matching. */
  subject: string;
};

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
  refactor: { kind: 'change', category: 'improvement' },
  revert: { kind: 'change', category: 'improvement' },
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

/** Free-form areas that never concern users directly. */
const MAINTENANCE_AREAS =
  /^(ci|ci\/.*|build|builds|test|tests|testing|bench|benches|benchsuite|lint|linting|doc|docs|documentation|readme|changelog|history|examples?|release|github|\.github|cargo|msrv|pkg(\/.*)?|edition|style|chore|tooling|scripts?|misc|workflows?|gitignore|license|contributing|[a-z]+\/readme)$/i;
const DEPENDENCY_AREAS = /^(deps|dep|dependencies|deps-dev|dev-deps)$/i;

const VERSION_ONLY = /^v?\d+(\.\d+){1,3}([-+.][0-9A-Za-z.-]+)?$/;
const CRATE_RELEASE = /^[a-z][\w-]*-v?\d+\.\d+\.\d+([-+.][0-9A-Za-z.-]+)?$/;
const RELEASE_SUBJECT =
  /^(release|releasing|bump(ed)? version|set version|version bump|prepare( for)?( release)?)\b.*\d+\.\d+|^(chore|build|ci|release)(\(release\))!?:.*\d+\.\d+|^(chore|build)(\([^)]*\))?!?: (release|prepare for|bump version)\b/i;
const NOISE_SUBJECT =
  /^(deploying to|deployed to|deploy to|wip\b|fixup!|squash!|amend!|merge branch|merge remote-tracking|merge tag|initial commit$|update (changelog|history)(\.md)?$|\[skip ci\])/i;
const BOT_BUMP =
  /^(bump|update|upgrade) [@\w./-]+ (from \S+ )?to v?\S+|^(build|chore|fix)\(deps(-dev)?\)!?: (bump|update|upgrade|pin|lock)/i;
const BOT_TRAILER = /\b(dependabot|renovate|greenkeeper|snyk-bot)\[bot\]/i;

const FIX_VERB =
  /^(fix|fixes|fixed|fixing|correct|corrects|resolve|resolves|repair|prevent|avoid|handle|stop|don't|do not|make sure|ensure)\b|\b(bug|crash|crashes|panic|panics|regression|broken|incorrect(ly)?|wrong)\b/i;
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

function cleanText(text: string): string {
  const stripped = text
    .replace(/\s*\((#\d+|GH-\d+)(,\s*(#\d+|GH-\d+))*\)\s*$/i, '')
    .replace(/\s+(#\d+)$/, '')
    .trim();
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

function categoryFromProse(text: string): Category {
  if (FIX_VERB.test(text)) return 'fix';
  if (FEATURE_VERB.test(text)) return 'feature';
  return 'improvement';
}

/** Classify one commit message (subject, blank line, body). */
export function classifyCommit(message: string): ClassifiedCommit {
  const normalized = message.replace(/\r\n/g, '\n').trim();
  const [subjectLine = '', ...rest] = normalized.split('\n');
  // A subject is one line of a few dozen characters; cap pathological ones so every regex stays cheap.
  const subject = subjectLine.trim().slice(0, 500);
  const body = rest.join('\n').trim();
  const refs = extractRefs(normalized);
  const detail = firstUsefulParagraph(body);
  const base = { subject, refs, detail, breaking: /^BREAKING[ -]CHANGE:/m.test(body) };

  if (subject === '' || NOISE_SUBJECT.test(subject)) {
    return { ...base, kind: 'noise', category: 'improvement', type: null, scope: null, text: subject };
  }
  if (VERSION_ONLY.test(subject) || CRATE_RELEASE.test(subject) || RELEASE_SUBJECT.test(subject)) {
    return { ...base, kind: 'release', category: 'improvement', type: null, scope: null, text: subject };
  }
  if (BOT_TRAILER.test(normalized) || BOT_BUMP.test(subject)) {
    return {
      ...base,
      kind: 'dependency',
      category: 'improvement',
      type: null,
      scope: 'deps',
      text: cleanText(subject),
    };
  }

  // The parser's reference/mention regexes are super-linear on long bodies (seconds for one
  // 1 KiB word), and we need only its header fields and breaking notes: give it just those, bounded.
  const breakingNote = /^BREAKING[ -]CHANGE: .{0,200}/m.exec(body)?.[0];
  const parsed = parser.parse(
    breakingNote ? `${subject.slice(0, 300)}\n\n${breakingNote}` : subject.slice(0, 300),
  );
  const type = parsed.type?.toLowerCase() ?? null;
  if (type && parsed.subject) {
    const scope = parsed.scope ?? null;
    const breaking = base.breaking || /^\w+(\([^)]*\))?!:/.test(subject) || parsed.notes.length > 0;
    const mapped = CONVENTIONAL_TYPES[type];
    const text = cleanText(parsed.subject);
    if (scope && DEPENDENCY_AREAS.test(scope))
      return { ...base, breaking, kind: 'dependency', category: 'improvement', type, scope, text };
    if (mapped)
      return {
        ...base,
        breaking,
        kind: breaking ? 'change' : mapped.kind,
        category: mapped.category,
        type,
        scope,
        text,
      };
    // An unknown type is an area written like a type (`printer: fix …`): fall through to prose rules.
  }

  const area = /^([\w./-]{1,30}): (.+)$/.exec(subject);
  if (area) {
    const [, name = '', rest2 = ''] = area;
    const text = cleanText(rest2);
    if (DEPENDENCY_AREAS.test(name))
      return { ...base, kind: 'dependency', category: 'improvement', type: null, scope: name, text };
    if (MAINTENANCE_AREAS.test(name))
      return { ...base, kind: 'maintenance', category: 'improvement', type: null, scope: name, text };
    return { ...base, kind: 'change', category: categoryFromProse(rest2), type: null, scope: name, text };
  }
  const revert = /^Revert "(.+)"$/.exec(subject);
  const text = cleanText(revert ? `Revert ${revert[1]}` : subject);
  return {
    ...base,
    kind: 'change',
    category: revert ? 'improvement' : categoryFromProse(subject),
    type: null,
    scope: null,
    text,
  };
}
