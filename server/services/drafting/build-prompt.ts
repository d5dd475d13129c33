/**
 * The prompt for the AI drafter, fitted to a token budget measured with the o200k_base tokenizer
 * (gpt-tokenizer). It is built from changes, not raw commits: a merged pull request is one line (its
 * release note or title, its labels' category), and only user-facing changes are listed one by one; dependency bumps and maintenance
 * are drafted by us as one line each and never sent. Over budget, bodies are trimmed first, then
 * subjects; references are appended after any trimming, so none is ever dropped.
 */
import { countTokens } from 'gpt-tokenizer';
import type { ClassifiedCommit } from './classify-commit.ts';
import type { CleanCommits } from './commit-hygiene.ts';

export const SYSTEM_PROMPT = `You write the changelog entry that a software product shows its users. You receive the user-facing changes of one release (merged pull requests, and commits pushed directly), newest first, as "- [category] text (references)" lines, some followed by an indented detail.

Write for users, not for developers reading a commit log:
- merge lines that describe one change into one item, and leave out changes with no visible effect;
- write each item as one short plain sentence about what users can now do or what works better;
- put each item in one section: "feature" (new capability), "improvement" (better behaviour, performance, deprecation), "fix" (a bug fixed), "announcement" (news such as a new major version; rarely);
- end each item with the references of the changes it comes from, exactly as given (#123, owner/repo#123 or a URL), in parentheses; never write a reference that is not in the input;
- start an item with "Breaking:" when the change breaks existing use;
- "title": a headline of the most important change, at most 80 characters, without the version number;
- "summary": one or two sentences for the top of the entry.
Dependency updates and maintenance are added separately: do not mention them.`;

/** One commit as a prompt line; `detailChars`/`subjectChars` cap the text, never the references. */
function commitLine(c: ClassifiedCommit, subjectChars: number, detailChars: number): string {
  const scope = c.scope ? `${c.scope}: ` : '';
  const subject = `${scope}${c.text}`;
  const cut = subject.length > subjectChars ? `${subject.slice(0, subjectChars - 1)}…` : subject;
  const refs = c.refs.length ? ` (${c.refs.join(', ')})` : '';
  const category = c.breaking ? `${c.category}, breaking` : c.category;
  let line = `- [${category}] ${cut}${refs}`;
  if (detailChars > 0 && c.detail) {
    const detail = c.detail.length > detailChars ? `${c.detail.slice(0, detailChars - 1)}…` : c.detail;
    line += `\n  ${detail}`;
  }
  return line;
}

/** Trimming steps, mildest first: [subject characters, detail characters]. */
const STEPS: [number, number][] = [
  [200, 500],
  [200, 240],
  [160, 120],
  [160, 0],
  [100, 0],
  [60, 0],
  [30, 0],
];

export type Prompt = { system: string; user: string; tokens: number };

export function buildPrompt(commits: CleanCommits, version: string | null, maxTokens: number): Prompt {
  const header = `Version: ${version ?? '(none given)'}\nUser-facing changes (${commits.changes.length}):\n`;
  const systemTokens = countTokens(SYSTEM_PROMPT);
  let best: Prompt | undefined;
  for (const [subjectChars, detailChars] of STEPS) {
    const user = header + commits.changes.map((c) => commitLine(c, subjectChars, detailChars)).join('\n');
    best = { system: SYSTEM_PROMPT, user, tokens: systemTokens + countTokens(user) };
    if (best.tokens <= maxTokens) break;
  }
  return best!;
}

/** The baseline the benchmark compares with: every raw message, concatenated. */
export function naivePromptTokens(messages: readonly string[]): number {
  return countTokens(SYSTEM_PROMPT) + countTokens(messages.join('\n\n'));
}
