/**
 * References as links (docs/api.md#generate-a-draft-from-commits-and-pull-requests: with `repository`, `#123`,
 * `owner/repo#123` and commit SHAs in the draft become links). Without a repository, everything stays
 * plain text. Links point at `/issues/N`, which GitHub (and GitHub Enterprise) redirects to the pull
 * request when N is one.
 */
export type RefLinker = {
  /** A reference as cited after an item: `#12` → `[#12](…/issues/12)`. */
  ref(ref: string): string;
  /** Escaped item text with its references and commit SHAs (7-40 hex digits, letters and digits both) as links. */
  text(markdown: string): string;
};

/** `text` with `fn` applied to what lies outside its `code spans` (code spans are left as written). */
export function outsideCodeSpans(text: string, fn: (part: string) => string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : fn(part)))
    .join('');
}

export const plainRefs: RefLinker = { ref: (r) => r, text: (t) => t };

const SHA = /(?<![\w/.#-])([0-9a-f]{7,40})(?![\w/.-])/g;
const INLINE_REF = /(?<![\w&/#[-])((?:[\w.-]+\/[\w.-]+)?#\d+)\b(?!\])/g;

/**
 * @param repository `owner/name`, or undefined.
 * @param repositoryUrl the repository's web URL (GitHub Enterprise); default `https://github.com/<repository>`.
 */
export function refLinker(repository: string | undefined, repositoryUrl: string | undefined): RefLinker {
  const base = (repositoryUrl ?? (repository ? `https://github.com/${repository}` : '')).replace(/\/+$/, '');
  if (!base) return plainRefs;
  const origin = new URL(base).origin;
  const linkRef = (ref: string) => {
    const own = /^#(\d+)$/.exec(ref);
    if (own) return `[${ref}](${base}/issues/${own[1]})`;
    const other = /^([\w.-]+\/[\w.-]+)#(\d+)$/.exec(ref);
    if (other) return `[${ref}](${origin}/${other[1]}/issues/${other[2]})`;
    return ref;
  };
  return {
    ref: linkRef,
    text(markdown) {
      return outsideCodeSpans(markdown, (part) =>
        part
          .replace(SHA, (sha: string) =>
            /[a-f]/.test(sha) && /\d/.test(sha) ? `[${sha.slice(0, 7)}](${base}/commit/${sha})` : sha,
          )
          .replace(INLINE_REF, linkRef),
      );
    },
  };
}
