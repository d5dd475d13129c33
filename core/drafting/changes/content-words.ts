/**
 * What two changelog texts have in common, for merging near-duplicates and for recognising a fix to
 * something the same release adds. Content words: lower-case letters and digits, code tokens kept whole
 * (`--no-ignore`, `max_depth`, `Foo.bar`), light stemming (plural and -ed/-ing endings), and the words
 * every change shares ("fix", "add", "support", articles) left out.
 */

const STOP = new Set(
  'a an the and or of to in on for with by from at as is are be it its this that these those into when if not no now new add adds added adding fix fixes fixed fixing support supports supported allow allows use uses using make makes update updates updated improve improves improved handle handles correctly properly issue bug problem change changes changed option value'.split(
    ' ',
  ),
);

function stem(word: string): string {
  return word
    .replace(/(?<=\w{3})(?:ies)$/, 'y')
    .replace(/(?<=\w{3})(?:ing|ed|es|s)$/, '')
    .replace(/(?<=\w{3})e$/, '');
}

/** The content words of `text` (a set: each counts once). */
export function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  const code = text.match(/`[^`]+`|--?[a-z][\w-]+|\b\w+(?:[._]\w+)+\b/gi) ?? [];
  // A code token that is one plain word counts once, as the word below; others count whole.
  for (const token of code) {
    const bare = token.replace(/`/g, '').toLowerCase();
    if (!/^[a-z]+$/.test(bare)) words.add(bare);
  }
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP.has(raw) || /^\d+$/.test(raw)) continue;
    words.add(stem(raw));
  }
  return words;
}

/** Dice coefficient of two word sets: 2·|A∩B| / (|A|+|B|), 0 when both are empty. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size + b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** Words of `a` that are also in `b`. */
export function sharedWords(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((w) => b.has(w));
}
