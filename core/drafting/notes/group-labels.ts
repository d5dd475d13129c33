/**
 * Lines of release notes that name a group of items instead of being one (notes items, read-notes.ts):
 * a list item whose nested items are the changes (`- **Fixes:**`, `- Bug fixes`), and a line outside
 * any list (`**Performance**`, `Bug fixes:`) that names the items after it.
 */
import { plainText, refsOf } from './item-words.ts';

/** Words of a category label (`Fixes and improvements`, `Other changes`). */
const LABEL_WORDS = new RegExp(
  '^(bug|bugs|fix|fixes|bugfixes|improvements?|enhancements?|features?|new|changes?|changed|other|misc|' +
    'miscellaneous|and|&|minor|internal|performance|security|deprecations?|removals?|removed|added|' +
    'breaking|notable|documentation|docs|highlights?|general)$',
  'i',
);
const BOLD_LINE = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*$/;
const MAX_LABEL_WORDS = 8;

/**
 * Whether a parent list item (its text, nested items left out) only names its children's group: it
 * cites no pull request or issue, and either ends in `:` within 8 words, or is at most 6 words all
 * of a category label's (`Bug fixes and improvements`).
 */
export function isGroupLabel(text: string): boolean {
  const plain = plainText(text).trim();
  if (plain === '' || refsOf(text).size > 0) return false;
  if (/:\s*$/.test(text.replace(/[*_]+\s*$/, ''))) return plain.split(/\s+/).length <= MAX_LABEL_WORDS;
  const words = plain
    .replace(/[*_`]/g, '')
    .replace(/[:：]\s*$/, '')
    .trim()
    .split(/\s+/);
  return words.length <= 6 && words.every((w) => LABEL_WORDS.test(w));
}

/** Whether a line outside any list names the items after it: only bold text, or ≤ 8 words ending in `:`. */
export function isLabelLine(line: string): boolean {
  return BOLD_LINE.test(line) || (/:\s*$/.test(line) && line.trim().split(/\s+/).length <= MAX_LABEL_WORDS);
}
