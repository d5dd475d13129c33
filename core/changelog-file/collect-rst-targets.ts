/**
 * The external hyperlink targets of a reStructuredText document (reStructuredText Markup
 * Specification, "Hyperlink Targets" and "Embedded URIs and Aliases"), so that a reference to one
 * (`` `0.7.3`_ ``, `Sphinx_`) becomes a Markdown link wherever it stands:
 *
 * - `.. _name: https://…` and `` .. _`a name`: https://… ``, the URI possibly continued on indented
 *   lines (its whitespace dropped);
 * - an indirect target `.. _alias: name_`, resolved through the others;
 * - a named reference with an embedded URI, `` `text <https://…>`_ ``, which also defines `text`.
 *
 * Names are compared as the specification says: case and runs of whitespace aside. Internal targets
 * (`.. _name:` before a section) point into the document and give no URI. Pure.
 */

/** A reference name as the specification compares them: lowercased, whitespace runs as one space. */
export const normalizeRstName = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

const EXPLICIT_TARGET = /^\.\. _(?:`((?:[^`\\]|\\.)+)`|((?:[^:\\]|\\.)+)):(?:\s+(.*))?$/;
const EMBEDDED = /`([^`<]*?\S)\s*<([^<>`]+)>`_(?!_)/g;

/** One explicit target: its name and the URI (or `alias_`) given on its line and the indented ones below. */
function readExplicitTarget(lines: readonly string[], i: number): [string, string] | null {
  const match = EXPLICIT_TARGET.exec(lines[i]!);
  if (!match) return null;
  const name = (match[1] ?? match[2]!).replace(/\\(.)/g, '$1');
  // `.. __: https://…` is an anonymous target: no name to refer to it by.
  if (name === '_') return null;
  const parts = [match[3] ?? ''];
  for (let j = i + 1; j < lines.length && /^\s+\S/.test(lines[j]!); j++) parts.push(lines[j]!);
  const uri = parts.join('').replace(/\s+/g, '');
  return uri === '' ? null : [normalizeRstName(name), uri];
}

/** An alias (`name_` or `` `a name`_ ``) followed to its URI; null when it leads nowhere or in a circle. */
function resolveAlias(targets: ReadonlyMap<string, string>, uri: string): string | null {
  const seen = new Set<string>();
  let current = uri;
  for (;;) {
    const alias = /^`?([^`]+?)`?_$/.exec(current);
    if (!alias) return current;
    const name = normalizeRstName(alias[1]!);
    if (seen.has(name)) return null;
    seen.add(name);
    const next = targets.get(name);
    if (next === undefined) return null;
    current = next;
  }
}

/**
 * @param lines the document's lines.
 * @returns normalized reference name → URI.
 */
export function collectRstTargets(lines: readonly string[]): Map<string, string> {
  const raw = new Map<string, string>();
  lines.forEach((_, i) => {
    const target = readExplicitTarget(lines, i);
    if (target && !raw.has(target[0])) raw.set(...target);
  });
  for (const [, text, uri] of lines.join('\n').matchAll(EMBEDDED)) {
    const name = normalizeRstName(text!);
    if (!raw.has(name) && !/_$/.test(uri!.trim())) raw.set(name, uri!.replace(/\s+/g, ''));
  }
  const targets = new Map<string, string>();
  for (const [name, uri] of raw) {
    const resolved = resolveAlias(raw, uri);
    if (resolved !== null) targets.set(name, resolved);
  }
  return targets;
}
