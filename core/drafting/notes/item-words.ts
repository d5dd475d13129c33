/**
 * What the evaluation's matcher (../validate/match-items.ts) compares of an item, a maintainer's notes
 * item or a drafted one: the pull requests and issues it cites, and its content words. The notes
 * reader (read-notes.ts) uses them too: an item with neither is no item to match.
 *
 * - References: `#123`, `GH-123`, `…/pull/123`, `…/issues/123`, `[BUG #123]`, RST/MyST roles
 *   `:pr:\`123\``, `{issue}\`123\``, as numbers (`'123'`).
 * - Content words: a leading one-word area label (`**parser**: `, `fix(cli): `, `Security: `:
 *   it says where, not what), Markdown, roles, links, URLs, references, @mentions and commit hashes
 *   removed; lower case; version numbers (`3.8`, `1.2.0`) kept whole, other text split at anything
 *   that is not a letter, digit or `_` (`snake_case` stays one word); stop words, change verbs that
 *   every item carries (fix, add, support, allow, update, improve, change, make, ensure…) and
 *   one-character tokens dropped; light stemming (plural `s`/`ies`, `ed`, `ing`, final `e`).
 */

const REF_PATTERNS: RegExp[] = [
  /(?<![\w&/])#(\d{1,7})\b/g,
  /\bGH-(\d{1,7})\b/gi,
  /\/(?:pull|issues|pulls)\/(\d{1,7})\b/gi,
];
/** `:issue:\`12\``, `:pr:\`12,14\``, `{pr}\`12\`` (Sphinx / MyST roles used by Pallets projects). */
const ROLE_REF = /(?::(?:issue|pr|pull|gh):|\{(?:issue|pr|pull|gh)\})`([\d,\s]+)`/gi;

/** The pull request / issue numbers an item cites. */
export function refsOf(text: string): Set<string> {
  const refs = new Set<string>();
  for (const pattern of REF_PATTERNS) for (const m of text.matchAll(pattern)) refs.add(String(Number(m[1])));
  for (const m of text.matchAll(ROLE_REF))
    for (const n of m[1]!.split(/[,\s]+/).filter(Boolean)) refs.add(String(Number(n)));
  return refs;
}

const STOP = new Set(
  (
    'a an the and or nor of to in on for with by from as at is are was were be been being it its this that ' +
    'these those when whenever if not no now new can cannot will would should could may might into onto than ' +
    'then so but also only all any some more most less other such via which who whom what where how there ' +
    'their they them we our us you your he she his her do does did done doing has have had having use uses ' +
    'used using instead after before about up out over under again just very too each per both same own ' +
    'because while between eg ie etc see like within without still even yet already well get gets got ' +
    'fix fixed fixes fixing bug bugs bugfix bugfixes add added adds adding support supports supported ' +
    'supporting allow allows allowed allowing update updated updates updating improve improved improves ' +
    'improving improvement improvements change changed changes changing make makes made making ensure ' +
    'ensures ensured correct correctly properly issue issues pr prs thanks thank'
  ).split(' '),
);

/** Light stemming, enough to meet `handles`/`handled`/`handling` and `entries`/`entry`. */
export function stem(word: string): string {
  let w = word;
  if (/^\d/.test(w) || w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/**
 * An area label before the text (`**parser**: `, `printer: `, `feat(cli)!: `, `Security: `): it
 * says where, not what, and two changes in one area are not the same change.
 */
const AREA_PREFIX = /^\s*(?:\*\*|__|`)?[\w./-]{1,30}(?:\([^)]{0,40}\))?!?(?:\*\*|__|`)?\s*:(?:\*\*|__)?\s+/;

/** Item text with Markdown, roles, links, references, mentions and hashes removed. */
export function plainText(text: string): string {
  return text
    .replace(AREA_PREFIX, '')
    .replace(ROLE_REF, ' ')
    .replace(/:[a-z]+:`([^`]*)`|\{[a-z]+\}`([^`]*)`/gi, ' $1$2 ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<https?:[^>]*>|https?:\/\/\S+/g, ' ')
    .replace(/(?<![\w&])#\d+\b|\bGH-\d+\b/gi, ' ')
    .replace(/(?:\bby\s+)?(?<![\w.])@[A-Za-z][\w-]*(?:\[bot\])?/g, ' ')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\\(.)/g, '$1')
    .replace(/`+/g, ' ')
    .replace(/(?<![\p{L}\p{N}])[*_~]{1,3}|[*_~]{1,3}(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Content words (stems) of an item, per the rule in the module docstring. */
export function contentWords(text: string): Set<string> {
  const plain = plainText(text).toLowerCase();
  const words = new Set<string>();
  const versions = plain.match(/\bv?\d+(?:\.\d+)+\b/g) ?? [];
  for (const v of versions) words.add(v.replace(/^v/, ''));
  const rest = plain.replace(/\bv?\d+(?:\.\d+)+\b/g, ' ');
  for (const token of rest.split(/[^\p{L}\p{N}_]+/u)) {
    const t = token.replace(/^_+|_+$/g, '');
    if (t.length < 2 || STOP.has(t)) continue;
    words.add(stem(t));
  }
  return words;
}
