/**
 * A draft's summary for readers (docs/api.md#readers-and-audiences-segments-summary-announcements: "a draft fills `summary` from its
 * highlights in plain words"): the changes the draft leads with, one sentence each, as plain text
 * (links keep their words, code its text, emphasis and HTML are dropped), at most 500 characters.
 * A draft with no highlights (maintenance only) says what its own summary says, in plain words.
 */
import { marked, type Token } from 'marked';
import type { Draft } from '../../contract/generate.schema.ts';

/** docs/api.md#readers-and-audiences-segments-summary-announcements: a summary is at most 500 characters. */
export const SUMMARY_MAX = 500;

/** The words of inline Markdown tokens, without markup. */
function wordsOf(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html') return '';
      if ('tokens' in token && token.tokens) return wordsOf(token.tokens);
      if (token.type === 'br') return ' ';
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
    })
    .join('');
}

/** `markdown` (one line of a draft) as plain words on one line. */
export function plainWords(markdown: string): string {
  return wordsOf(marked.Lexer.lexInline(markdown)).replace(/\s+/g, ' ').trim();
}

/** One sentence: ends with a full stop unless it already ends a sentence. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** `text` cut at a word boundary to at most `max` characters, an ellipsis marking the cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1).replace(/\s+\S*$/, '');
  return `${head || text.slice(0, max - 1)}…`;
}

/**
 * The summary of `draft` for readers: its highlights as sentences, as many as fit in 500 characters
 * (at least the first, cut at a word if it alone is longer); null when the draft names nothing.
 */
export function summaryOfDraft(draft: Pick<Draft, 'highlights' | 'summary'>): string | null {
  const lines = draft.highlights.map(plainWords).filter((line) => line.length > 0);
  if (lines.length === 0) {
    const fallback = plainWords(draft.summary);
    return fallback ? cut(fallback, SUMMARY_MAX) : null;
  }
  let summary = cut(sentence(lines[0]!), SUMMARY_MAX);
  for (const line of lines.slice(1)) {
    const next = `${summary} ${sentence(line)}`;
    if (next.length > SUMMARY_MAX) break;
    summary = next;
  }
  return summary;
}
