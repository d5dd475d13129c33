/**
 * Problem documents (RFC 9457, docs/api.md#errors) as sentences a person reads: the server names each
 * failing field by a JSON Pointer (RFC 6901) and the validator's words ("Too small: expected string to
 * have >=1 characters"); the dashboard shows one sentence per field ("Title is required."), next to
 * the field and once in the form's summary. `labels` maps a pointer (`/title`) to the label its form
 * shows; without one, the pointer's words are the label (`/project/slug` → "Project slug").
 */
import type { ProblemDocument } from './types.ts';

export type Labels = Readonly<Record<string, string>>;

/** One failing field: its pointer, its label, and the sentence to show. */
export type FieldMessage = { pointer: string; label: string; sentence: string };

/** `/project/publishAt` → "Project publish at"; the empty pointer (the whole body) → "The request". */
export function labelOf(pointer: string, labels: Labels = {}): string {
  const known = labels[pointer];
  if (known) return known;
  const words = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words ? upperFirst(words) : 'The request';
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const period = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** zod 4's standard messages (the server validates with zod), each as a sentence about `label`. */
const RULES: [RegExp, (label: string, m: RegExpMatchArray) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, (l) => `${l} is required.`],
  [
    /^Too small: expected string to have >=(\d+) characters$/,
    (l, m) => `${l} needs at least ${m[1]} characters.`,
  ],
  [
    /^Too big: expected string to have <=(\d+) characters$/,
    (l, m) => `${l} can be at most ${m[1]} characters.`,
  ],
  [/^Too small: expected (?:number|int) to be >=(\S+)$/, (l, m) => `${l} must be at least ${m[1]}.`],
  [/^Too big: expected (?:number|int) to be <=(\S+)$/, (l, m) => `${l} must be at most ${m[1]}.`],
  [/^Too small: expected array to have >=(\d+) items?$/, (l, m) => `${l} needs at least ${m[1]}.`],
  [/^Too big: expected array to have <=(\d+) items?$/, (l, m) => `${l} can have at most ${m[1]}.`],
  [/^Invalid input: expected \w+, received undefined$/, (l) => `${l} is required.`],
  [
    /^Invalid input: expected (\w+)/,
    (l, m) => `${l} must be ${m[1] === 'int' ? 'a whole number' : `a ${m[1]}`}.`,
  ],
  [
    /^Invalid option: expected one of (.*)$/,
    (l, m) => `${l} must be one of ${m[1]!.replaceAll('"', '').split('|').join(', ')}.`,
  ],
  [/^Invalid email address$/, (l) => `${l} must be an email address, like name@example.com.`],
  [/^Invalid URL$/, (l) => `${l} must be a web address, like https://example.com.`],
  [/^Invalid ISO datetime$/, (l) => `${l} must be a date and time.`],
  [/^Invalid string: must match pattern/, (l) => `${l} is not in the expected form.`],
  [/^Unknown field$/, (l) => `${l} is not a field this form may send.`],
  // The server's own words: "Required: choose a password…" says what to do.
  [/^Required: (.+)$/, (_l, m) => period(upperFirst(m[1]!))],
  // "must be at most 100,000 characters", "is not …": the field is the subject.
  [/^(?:must|is|are|has|needs?|cannot|can)\b.*$/, (l, m) => period(`${l} ${m[0]}`)],
];

/** The sentence for a field labelled `label` whose problem said `detail`. */
export function sentenceFor(label: string, detail: string): string {
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(detail.trim());
    if (match) return say(label, match);
  }
  return period(upperFirst(detail.trim()));
}

/** The problem document `err` carries, if it is a refusal the server explained. */
function problemOf(err: unknown): ProblemDocument | undefined {
  const problem = (err as { problem?: ProblemDocument } | null)?.problem;
  return problem && typeof problem === 'object' ? problem : undefined;
}

/** One message per failing field of `err` (the first the server gave for a pointer), in its order. */
export function fieldMessages(err: unknown, labels: Labels = {}): FieldMessage[] {
  const seen = new Set<string>();
  return (problemOf(err)?.errors ?? []).flatMap(({ pointer, detail }) => {
    if (seen.has(pointer)) return [];
    seen.add(pointer);
    const label = labelOf(pointer, labels);
    return [{ pointer, label, sentence: sentenceFor(label, detail) }];
  });
}

/** The sentence for the field at `pointer`, if `err` names it. */
export function fieldMessage(err: unknown, pointer: string, labels: Labels = {}): string | undefined {
  return fieldMessages(err, labels).find((m) => m.pointer === pointer)?.sentence;
}

/**
 * What the form's summary says about `err`: a sentence per failing field (naming the field when the
 * sentence does not start with its label), or the problem's detail, or any error's message.
 */
export function summaryOf(err: unknown, labels: Labels = {}): string[] {
  const fields = fieldMessages(err, labels);
  if (fields.length > 0)
    return fields.map(({ label, sentence }) =>
      sentence.startsWith(label) ? sentence : `${label}: ${lowerFirst(sentence)}`,
    );
  const problem = problemOf(err);
  const text = problem
    ? (problem.detail ?? problem.title ?? 'The request failed')
    : err instanceof Error
      ? err.message
      : String(err);
  return [period(upperFirst(text))];
}
