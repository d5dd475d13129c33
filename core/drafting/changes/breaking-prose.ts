/**
 * Breaking changes written as prose (issue "Drafts a maintainer publishes as drafted", scope 3): most
 * maintainers never write a `BREAKING CHANGE` footer or a `!`, they write "Stop ignoring .git folders
 * by default", "Drop support for Python 3.7" or "`--foo` no longer accepts a list". A user-facing change
 * is breaking when its text says that something users relied on stops working as before:
 * - "no longer …", or "… is/are now required";
 * - removing something users call or set (support, an option, a flag, an argument, an API, a
 *   deprecated thing, a platform version), never internal objects (unused code, tests, warnings);
 * - a raised requirement ("now requires Node 20", "minimum supported Rust version", "bump MSRV");
 * - a changed default ("… by default" with stop/no longer/disable/not/change/switch/instead, or a
 *   default that now ignores, hides, skips or requires something; "change default of …", "now
 *   defaults to …", "… is now the default");
 * - refusing what used to pass ("Disallow excess arguments", "Throw for unsupported flags");
 * - the word "breaking" itself, or a label that says so (`breaking-change`, `breaking`, `semver-major`).
 */

/** "no longer" names a loss; "no longer depends on `home`" names a dependency dropped, not a loss. */
const NO_LONGER =
  /\bno longer\b(?! (?:needed|required|necessary|depends? on)\b)|\b(?:is|are) now required\b/i;

const REMOVED =
  /^(?:remove[sd]?|drop(?:s|ped)?|delete[sd]?|kill(?:s|ed)?)\s+(?:the\s+|a\s+|an\s+)?(?:(?:long-)?deprecated\b|support\b|compat(?:ibility)?\b|(?:python|node(?:\.js)?|ruby|php|go|rust|java|jdk|django|flask|react|vue|angular|ie|internet explorer|windows|macos|ios|android)\s*v?\d|(?:\S+\s+){0,4}(?:option|options|flag|flags|argument|arguments|parameter|parameters|param|method|methods|function|functions|api|apis|command|commands|subcommand|setting|settings|alias|aliases|endpoint|endpoints|property|properties|attribute|attributes|keyword|kwarg|config(?:uration)? (?:key|option)s?)\b)/i;

const REQUIREMENT =
  /\b(?:now )?requires? (?:at least |a minimum of )?(?:node(?:\.js)?|python|go|rust|rustc|ruby|php|java|jdk|typescript|msrv)\b|\bminimum supported (?:\w+ )?version\b|\bminimum (?:node(?:\.js)?|python|rust|go|ruby|php|java)\b|\b(?:bump|raise|increase|update)[sd]? (?:the )?(?:msrv|minimum (?:supported )?(?:(?:node(?:\.js)?|python|rust|rustc|go|ruby|php|java) )?version(?! of))\b|\bmsrv (?:is now|to|bumped|raised)\b/i;

const BY_DEFAULT = /\bby default\b/i;
/** The project's own checks: test runs, CI, benchmarks, linters. */
const OWN_CHECKS =
  /\b(?:during|in|for|when|while) (?:the )?(?:tests?|testing|ci|benchmarks?|linting)\b|\btest (?:runs?|suite|command)\b/i;
/** A default changed in so many words: "change default of `installer.re-resolve` from true to false". */
const NEW_DEFAULT =
  /\bchange[sd]? (?:the )?defaults? (?:of|for|value)\b|\b(?:is|are) now (?:the )?default\b|\bnow defaults? to\b|\bdefault (?:value )?(?:is now|changed (?:from|to))\b/i;
const DEFAULT_CHANGED =
  /\b(?:stop(?:s|ped)?|no longer|disable[sd]?|not|don't|do not|change[sd]?|switch(?:es|ed)?|instead|ignore[sd]?|hide[sd]?|exclude[sd]?|skip(?:s|ped)?|require[sd]?|reject(?:s|ed)?|disallow(?:s|ed)?|turn(?:s|ed)? off)\b/i;

/** Refusing what used to pass: "Disallow excess arguments", "Throw for unsupported option flags". */
const NOW_REFUSED =
  /^(?:disallow|forbid|prohibit)s?\b|^(?:throw|raise|error|fail)s? (?:an? (?:error|exception) )?(?:on|for|when|if)\b/i;

/**
 * A pull request body that says it breaks something: a ticked "Breaking change" box of a template, or
 * prose ("This is a breaking change"). An unticked template box says nothing.
 */
export function bodySaysBreaking(body: string | null | undefined): boolean {
  if (!body) return false;
  return (
    /^\s*[-*]\s+\[[xX]\]\s+.*\bbreaking\b/m.test(body) ||
    // Commit bodies are wrapped at 72 columns: "And this\nis a breaking change." is one sentence.
    /\b(?:this|it) (?:is|will be|introduces) (?:a )?breaking change\b|\bbreaking change for (?:users|anyone)\b/i.test(
      body.replace(/\s+/g, ' '),
    )
  );
}

const BREAKING_WORD = /\bbreaking\b|\[break\]|\bbackwards?[- ]incompatible\b/i;

/** Labels that mark a pull request as breaking. */
export const BREAKING_LABELS =
  /^(?:breaking[- ]?changes?|breaking|semver[:/-]major|major|type:\s*breaking|💥.*)$/i;

/**
 * A raised minimum version of a language or toolchain ("bump MSRV to 1.85", "Drop support for
 * Python 3.9", "now requires Node 20"): users on the old version must act, whatever type the commit
 * was given (`chore(build): bump MSRV`); `text` may start with its area (`msrv: bump to Rust 1.65.0`).
 */
export function raisesRequirement(text: string): boolean {
  return REQUIREMENT.test(text) || /^msrv\b/i.test(text) || DROPPED_RUNTIME.test(text);
}

/** Support for an old runtime dropped ("drop support for Python 3.9", "Remove Node 16 support"). */
const DROPPED_RUNTIME =
  /\b(?:drop(?:s|ped)?|remove[sd]?|end(?:s|ed)?)\s+(?:the\s+)?(?:support\s+for\s+)?(?:c?python|pypy|node(?:\.js)?|ruby|php|go|rust|java|jdk)\s*v?\d+(?:\.\d+)*(?:\s+support)?\b/i;

/**
 * True when a user-facing change's text (type and area prefix removed) describes a breaking change.
 * `fix`: the change is a bug fix, whose "no longer" names the bug it removes ("fix: joinUrl no longer
 * collapses the URL scheme"), not something users lose.
 */
export function isBreakingProse(text: string, fix = false): boolean {
  const t = text.trim();
  // A default of the project's own test runs or CI ("Disable Valgrind by default during testing") is
  // not something users relied on.
  if (OWN_CHECKS.test(t)) return false;
  if ((!fix && NO_LONGER.test(t)) || BREAKING_WORD.test(t)) return true;
  // Removing what nobody used is a clean-up, not a break.
  if (
    REMOVED.test(t) &&
    !/\b(?:unused|dead|stray|redundant|duplicate[sd]?|internal|private|undocumented)\b/i.test(t)
  )
    return true;
  if (REQUIREMENT.test(t) || NOW_REFUSED.test(t)) return true;
  return NEW_DEFAULT.test(t) || (BY_DEFAULT.test(t) && DEFAULT_CHANGED.test(t));
}
