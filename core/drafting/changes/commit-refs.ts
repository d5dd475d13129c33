/**
 * Issue and pull-request references in commit messages and drafts: `#123`, `GH-123`, `owner/repo#123`
 * and URLs. A draft may cite only references found in its input (issue "Generate", scope 3): this
 * module finds them and strips the ones that were invented.
 */

/** `owner/repo#123`, `#123` (not an HTML entity `&#123;` nor a URL fragment), `GH-123`. */
const ISSUE_REF = /(?<![\w&/#-])(?:([\w.-]+\/[\w.-]+)#(\d+)|#(\d+)|GH-(\d+))\b/gi;
const URL_REF = /\bhttps?:\/\/[^\s<>()[\]{}"'`]+[^\s<>()[\]{}"'`.,;:!?]/g;

/** Links to an issue, pull request or discussion on GitHub (or GitLab, Gitea, Codeberg forges). */
const ISSUE_URL = /\/(issues|pull|pulls|merge_requests|discussions)\/\d+([#?].*)?$/;

/** Every URL in `text`. */
export function extractUrls(text: string): string[] {
  return [...new Set(text.match(URL_REF) ?? [])];
}

/**
 * Every issue/PR reference in `text`, normalized (`GH-12` → `#12`), in order of first appearance.
 * Issue and pull-request URLs are kept whole: they may point at another repository. Other URLs
 * (homepages, release notes of a dependency) are not references.
 */
export function extractRefs(text: string): string[] {
  const found = new Map<number, string>();
  for (const m of text.matchAll(URL_REF)) if (ISSUE_URL.test(m[0])) found.set(m.index, m[0]);
  const withoutUrls = text.replace(URL_REF, (u) => ' '.repeat(u.length));
  for (const m of withoutUrls.matchAll(ISSUE_REF)) {
    const ref = m[1] ? `${m[1]}#${m[2]}` : `#${m[3] ?? m[4]}`;
    found.set(m.index, ref);
  }
  return [...new Set([...found.entries()].sort((a, b) => a[0] - b[0]).map(([, ref]) => ref))];
}

/**
 * Remove from `text` every reference not in `allowed`, with the punctuation that held it
 * (`Fix crash (#999)` → `Fix crash`, `(#1, #999)` → `(#1)`).
 * @returns the cleaned text and the references removed.
 */
export function stripInventedRefs(
  text: string,
  allowed: ReadonlySet<string>,
): { text: string; removed: string[] } {
  const removed: string[] = [];
  let out = text.replace(URL_REF, (url) => {
    if (allowed.has(url)) return url;
    removed.push(url);
    return '';
  });
  out = out.replace(ISSUE_REF, (raw, repo: string | undefined, n1: string, n2: string, n3: string) => {
    const ref = repo ? `${repo}#${n1}` : `#${n2 ?? n3}`;
    if (allowed.has(ref)) return raw;
    removed.push(ref);
    return '';
  });
  if (removed.length === 0) return { text, removed };
  out = out
    .replace(/\[\s*\]\(\s*\)/g, '')
    .replace(/\(\s*(,\s*)+/g, '(')
    .replace(/(,\s*)+\)/g, ')')
    .replace(/,\s*(,\s*)+/g, ', ')
    .replace(/\s*\(\s*\)/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([.,;:])/g, '$1')
    .trim();
  return { text: out, removed };
}
