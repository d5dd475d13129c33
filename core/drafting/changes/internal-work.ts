/**
 * Is this commit internal work, whatever its style? Tests, docs, README/CHANGELOG/release-notes edits,
 * the website, CI and workflows, lint/format/typos, build and release plumbing, code comments, WIP
 * (issue "Drafts a maintainer would publish", scope 1). A changelog is written for the people who use
 * the product; this work folds into one "Maintenance" line instead of items of its own.
 *
 * Three styles are recognised:
 * - an area or Conventional Commits type naming internal work (`ci:`, `docs(readme):`, `test:`…); a
 *   user-facing type with such a scope (`fix(ci):`, `feat(website):`) is its author's item, unless its
 *   files say otherwise (classify-commit.ts, evidence/apply-evidence.ts);
 * - prose whose object is internal (`Add test cases for …`, `Update README.md`, `Fix rubocop errors`,
 *   `Re-enable docs deploy`, `Add to README.md`);
 * - a subject that is only a label (`Lint`, `Docs`, `Deps`, `Update`, `Test wip`, `Typo`);
 * - follow-ups inside a pull request (`Address review comments`, `Apply suggestions from code review`,
 *   `Fix lint`, `Changes from review`).
 *
 * These words decide only where neither the author nor the files did (issue 31): with the Action's
 * input (each commit's files) they decide 6 of 2,582 corpus changes. Measured without files (`npm run
 * eval:drafts -- --input log`), the rules for build fixes, lock-file edits, docs links and sections,
 * documentation formats, changelog and version-notes edits, toolchain work, code refactors and bare
 * one-word subjects added nothing on held-out and fresh repositories (precision 0.64 → 0.63 held-out,
 * 0.41 → 0.41 fresh; recall up) and were deleted (bench/eval/MATCHER.md, "Fifth round").
 */

/** Work that answers a review: it finishes a change that is an item of its own. */
const REVIEW_FOLLOW_UP =
  /^(?:address(?:ed|es|ing)?|apply|applied|applies|incorporate[sd]?|implement(?:ed)?|handle[sd]?|resolve[sd]?|respond(?:ed)? to|fix(?:es|ed)?|more|some|minor|small)?\s*(?:the |some |more |all |remaining |pr |code )?(?:review(?:er)?(?:'s|s')?|pr|code review|cr)\s*(?:comments?|feedback|suggestions?|remarks?|notes?|nits?|fixes|changes|follow-?ups?)\b|^apply suggestions? from (?:code )?review|^(?:changes|fixes|tweaks|updates|edits|cleanup) (?:from|after|per|based on|according to) (?:the )?(?:code )?(?:review|feedback|comments?)|^(?:post|after)[- ]review\b|^review (?:feedback|comments?|fixes|changes|follow-?up)|^(?:fix|fixes|fixed) (?:the )?(?:build|lint(?:ing)?|tests?|ci|typecheck(?:ing)?|types|typing|mypy|flake8|clippy|formatting|pre-commit)$|^(?:make|keep) (?:the )?(?:linter|lint|clippy|mypy|ci|tests?|pre-commit) (?:happy|green|pass)/i;

/**
 * Words that name internal work wherever they stand in a short subject: CI and its workflows, lock
 * files, linters, tests, docs, clean-ups and refactors, the project's own sponsors and logo. Code spans
 * and `--flags` are left out first, so "Add a `--test` option" stays a change.
 */
const INTERNAL_WORD =
  /\b(?:ci|gha|github actions?|workflows?|runners?|pre-commit|tox(?:\.ini)?|codecov|docstrings?|readthedocs|read the docs|badges?|issue templates?|pr templates?|pull request templates?|dependabot|renovate|makefile(?:\.am)?|devcontainer|editorconfig|lints|linting|linters?|clippy|rustfmt|mypy|flake8|ruff|pylint|typos?|dead code|clean-?ups?|polish(?:ing|ed)?|tidy(?:ing)?|refactor(?:s|ing|ed)?|tests|unit tests?|test ?suite|test ?cases?|fixtures|benchmarks?|sponsors?|sponsorship|funding|test matrix|specs|new logo|phpstan|psalm|baseline|api-surface[\w-]*|deprecation warnings?|missing semicolon|unused|__future__|superfluous|misc|miscellaneous|documentation|docs? (?:pages?|sections?|strings?|index|site|build)|blog(?: ?posts?)?|goreleaser|release (?:tagging|date|process|scripts?|workflows?|automation|checklist)|slsa|provenance|pre-?commit hooks?|precommit|[\w-]+\.lock|code scanning(?: alerts?)?|codeql|internal (?:variables?|functions?|helpers?|names?|methods?|types?|structs?|modules?|apis?)|(?:misleading|outdated|stale|wrong) comments?|(?:in|of|for) (?:the |a |an )?(?:[\w{}'.-]+ ){0,3}test\b|test_\w+|\w+_tests?|assert_\w+|dev[- ]?dependenc(?:y|ies)|discord|gitter|code[ _]of[ _]conduct|[\w-]+-latest|releaser|logos?|pyright|action versions?)\b/i;

/**
 * Verbs that say the code was reshaped, not what users get ("Simplify AST analysis a bit", "Dedup
 * patterns", "Regroup sentinels", "Hand-roll decimal formatting").
 */
const RESHAPE_VERB =
  /^clean(?:ed|s|ing)?[- ]?up (?:the )?(?:[\w.`]+ )?(?:signatures?|code|imports?|internals?|typing|types)\b|^(?:(?:slightly|further|a bit|some|minor) )?(?:simplif(?:y|ies|ied)|tweak(?:s|ed)?|dedup\w*|de-?duplicate[sd]?|regroup\w*|reorgani[sz]\w*|restructur\w*|hand-roll\w*|sprinkle\w*|untangle[sd]?|decouple[sd]?|consolidate[sd]?)\b/i;

/** A second clause with a verb of its own: "… and simplify tests", "…, add a test". */
const SECOND_VERB =
  /\s(?:and|plus|while)\s(?=(?:add|simplify|update|fix|improve|remove|clean|refactor|adjust|extend|expand)\w*\b)|,\s*(?=(?:add|simplify|update|fix|improve|remove|clean|refactor|adjust|extend|expand)\w*\b)/i;

/** Areas and scopes that name internal work. */
export const INTERNAL_AREA =
  /^(test-[\w-]+|[\w-]+-tests?|tests?\/.*|makefile|ci|ci\/.*|cd|build|builds|test|tests|testing|e2e|spec|specs|bench|benches|benchsuite|benchmarks?|lint|linting|linter|eslint|prettier|rubocop|clippy|fmt|format|doc|docs|documentation|faq|readme|changelog|history|release-notes|examples?|release|releases|releasing|github|\.github|gh-actions|actions|workflows?|cargo|msrv|pkg(\/.*)?|edition|style|styles|styling|chore|chores|tooling|tools|scripts?|misc|gitignore|license|contributing|website|site|web-?site|landing|homepage|sponsors?|funding|typos?|comments?|coverage|codecov|devcontainer|docker-?compose|renovate|dependabot|[a-z]+\/readme|[a-z]+\/docs?)$/i;

/** What internal work acts on, as the object of a verb ("Add tests", "Update the README"). */
const INTERNAL_OBJECT =
  /^(?:the |a |an |some |more |missing |new |unit |e2e |integration |our |all |few |broken |failing |flaky |flakey |outdated )*(tests?(?![.(\w-])|test cases?|test suite|specs?\b|snapshots?\b|fixtures?\b|docs?\b|documentation|readme|changelog|history\.md|release notes|typos?\b|spelling|grammar|wording in (?:the )?docs|lint\w*|eslint|prettier|rubocop|clippy|rustfmt|ruff\b|mypy\b|flake8\b|pylint\b|phpstan\b|psalm\b|golangci-lint\b|readthedocs|read the docs\b|formatting|format\b|ci\b|workflows?\b|github actions?|actions? workflows?|website|site\b|sponsors?|badges?|code comments?|comments?\b|(?:some )?(?:'?allow\(|#\[allow)[^)]*\)?'? annotations?|annotations? for (?:clippy|lint)|(?:compiler |clippy |lint )warnings|unused (?:imports?|code|variables?)|dead code|examples?\b|benchmarks?\b|benches\b|coverage|\.gitignore|license|contributing|code of conduct|funding|dev ?dependencies|dev-dependencies|lock ?files?|cargo\.lock|package-lock(?:\.json)?|yarn\.lock|poetry\.lock|logos?\b|man ?pages?|manpages?|whitespace in (?:the )?(?:docs?|code|source)|(?:to|in) (?:the )?(?:readme|docs?|changelog)|links? (?:in|to) (?:the )?(?:readme|docs?)|.*\.(?:md|rst|txt|adoc)\b|.*\.github\/|.*workflows?\/)/i;

const VERB =
  /^(alter|altered|enabling|disabling|removing|improving|eliminate|eliminated|add|added|adds|adding|update|updated|updates|updating|fix|fixed|fixes|fixing|improve|improved|improves|remove|removed|removes|delete|deleted|clean ?up|cleaned up|cleanup|rewrite|rewrote|reword|reworded|tweak|tweaked|edit|edited|correct|corrected|move|moved|rename|renamed|bump|bumped|upgrade|upgraded|enable|enabled|re-?enable|re-?enabled|disable|disabled|skip|skipped|run|use|used|polish|polished|refactor|refactored|restructure|document|documented|mention|mentioned|clarify|clarified|expand|extend|simplify|simplified|split|migrate|migrated|port|ported|regenerate|regenerated|generate|sync|synced|format|formatted|lint|linted|test|tested|deploy|deployed|publish|published|prepare|prepared|run|make|create|created)\s+/i;

/** A linter's name in a code span. */
const LINTER_SPAN =
  /`(ruff|mypy|flake8|pylint|clippy|rustfmt|eslint|prettier|rubocop|phpstan|psalm|golangci-lint)`/gi;

/** Subjects that are only a label for internal work. */
const LABEL_ONLY =
  /^(wip|test wip|tests?|testing|lint|linting|docs?|documentation|readme|changelog|deps|bump deps|update deps|update dependencies|dependencies|typos?|fix typos?|formatting|format|fmt|style|cleanup|clean up|refactor|refactoring|misc|minor|minor changes|small fixes|update|updates|updated|changes|fixes|tweaks?|wording|comments?|ci|build|release|release notes|add release notes|add link|add links|update links?|sponsors?|website|merge|merged|sync|tidy|tidy up|polish|nit|nits)[.!]?$/i;

/**
 * Work that says it answers a review ("Address comments", "Apply suggestions from code review"): its
 * author says it finishes another change, so it is never an item of its own, whatever it touched.
 */
export function isReviewFollowUp(text: string): boolean {
  return REVIEW_FOLLOW_UP.test(
    text
      .trim()
      .replace(/\s*\(#\d+\)$/, '')
      .replace(/[.!]+$/, ''),
  );
}

/** True when a subject (type/area prefix already removed) describes internal work. */
export function isInternalProse(text: string): boolean {
  // The pull request a squash subject cites (`… (#3127)`) is not part of what it says.
  const t = text
    .trim()
    .replace(/\s*\(#\d+\)$/, '')
    .replace(/[.!]+$/, '');
  if (LABEL_ONLY.test(t) || REVIEW_FOLLOW_UP.test(t)) return true;
  const prose = t.replace(/`[^`]*`/g, ' ').replace(/(?:^|\s)--?[\w-]+/g, ' ');
  if (RESHAPE_VERB.test(t)) return true;
  const words = prose.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  // In the first clause only: "Fix the popup's event target and add a test" is a fix.
  const firstClause = prose.split(/\s(?:and|with|plus|while|so that)\s|[,;(]/i)[0]!;
  if (words.length <= 12 && INTERNAL_WORD.test(firstClause)) return true;
  if (/^(?:document(?:s|ed)?|mention(?:s|ed)?)\s/i.test(t)) return true;
  const verb = VERB.exec(t);
  if (verb) {
    const object = t.slice(verb[0].length);
    // A linter named in a code span is still the linter ("Enabling `ruff` C416"); other code spans
    // stay the product's ("Add `test` command").
    if (INTERNAL_OBJECT.test(object.replace(LINTER_SPAN, '$1'))) return true;
    // "Add multi-root parent matcher regression tests", "Fix compression tests in QEMU"; before a second
    // verb only: "Fix detection of pip on Windows and simplify tests" is a fix, "Fix pager test
    // flakiness and add stress tests" is not.
    const [objectClause, secondVerb] = object.split(SECOND_VERB);
    if (
      secondVerb === undefined
        ? /\b(tests|test cases|test suite|unit tests?|regression tests?|benchmarks|fixtures)\b/i.test(object)
        : /\b(tests?|test cases|test suite|benchmarks|fixtures|specs?)\b/i.test(objectClause!)
    )
      return true;
  }
  // Short prose about the docs or the release process ("Add note on how to update docs for a release").
  if (
    verb &&
    t.split(/\s+/).length <= 12 &&
    /\b(docs|documentation|readme|changelog|release notes|contributing)\b/i.test(t)
  )
    return true;
  // "Tests for …", "Docs: …", "README: …" written as prose.
  return (
    /^(tests?|docs?|readme|changelog|ci|lint)\b(?! (?:command|option|flag|mode)\b)/i.test(t) &&
    t.split(/\s+/).length <= 8
  );
}
