/**
 * A notes item's or heading's words without Markdown (notes items, read-notes.ts): what it says, as it
 * would read rendered. Pure string functions; nothing here throws.
 */

/**
 * `markdown` as plain text, one line: images dropped, links' and references' text kept (their targets
 * dropped), emphasis and strike-through marks at a word's edge (`snake_case` stays whole), code marks,
 * HTML tags and backslash escapes removed, runs of white space one space. `Respect \`--colour=never\` ([#40](https://…/pull/40))` → `Respect
 * --colour=never (#40)`.
 */
export function plainMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(?<![\p{L}\p{N}\\])[*_~]{1,3}|(?<!\\)[*_~]{1,3}(?![\p{L}\p{N}])/gu, '')
    .replace(/`+/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A heading's or group label's name: plain, without a closing colon (`**Fixes:**` → `Fixes`). */
export function headingText(markdown: string): string {
  return plainMarkdown(markdown)
    .replace(/\s*[:：]\s*$/, '')
    .trim();
}
