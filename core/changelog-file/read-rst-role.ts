/**
 * What a reStructuredText role shows (reStructuredText Markup Specification, "Interpreted Text"; the
 * roles of docutils, Sphinx and the issue-tracker extensions changelogs use), as what the Markdown
 * should show: `` :issue:`123` `` and `` :pr:`12` `` → `#123` / `#12`, `` :user:`ada` `` → `@ada`,
 * `` :func:`~pkg.run` `` → code `run`, `` :pep:`8` `` → `PEP 8`, `` :doc:`Install <install>` `` →
 * `Install`. A role it does not know shows its text. The caller renders the result (convert-rst-inline.ts).
 * Pure.
 */

export type RoleText = { kind: 'text' | 'code' | 'emphasis' | 'strong'; text: string };

/** Issue trackers' roles (sphinx-issues, sphinx.ext.extlinks' usual names, towncrier's). */
const ISSUE = new Set([
  'issue',
  'issues',
  'pr',
  'pull',
  'pull-request',
  'bug',
  'gh',
  'ghissue',
  'ghpull',
  'mr',
]);
const USER = new Set(['user', 'ghuser', 'github-user', 'gh-user', 'author']);
/** Roles whose text is code: Python domain objects, options, files, keyboard and sample input. */
const CODE = new Set([
  ...['func', 'meth', 'class', 'attr', 'mod', 'obj', 'data', 'exc', 'const', 'type', 'any', 'member'],
  ...['option', 'envvar', 'file', 'program', 'command', 'code', 'literal', 'samp', 'kbd', 'keyword'],
  ...['confval', 'setting', 'mimetype', 'makevar', 'macro', 'var', 'struct', 'enum', 'cmd'],
]);

/** `Title <target>` → its title and target; text without one is both. */
function splitTitle(text: string): { title: string; target: string; explicit: boolean } {
  const match = /^([\s\S]*?\S)\s*<([^<>]+)>$/.exec(text);
  return match
    ? { title: match[1]!, target: match[2]!, explicit: true }
    : { title: text, target: text, explicit: false };
}

/** An object's name as Sphinx shows it: `~a.b.c` → `c`, `!x` → `x`. */
function objectName(text: string): string {
  const bare = text.replace(/^!/, '');
  return bare.startsWith('~') ? bare.slice(1).split('.').at(-1)! : bare;
}

const issueText = (target: string) => {
  const number = /^#?(\d+)$/.exec(target.trim());
  return number ? `#${number[1]}` : target.trim();
};

/**
 * @param role the role's name as written (`issue`, `py:func`, `title-reference`).
 * @param text the interpreted text, backslash escapes removed.
 */
export function readRstRole(role: string, text: string): RoleText {
  const name = role.toLowerCase().split(':').at(-1)!;
  const { title, target, explicit } = splitTitle(text);
  if (ISSUE.has(name)) return { kind: 'text', text: explicit ? title : issueText(target) };
  if (USER.has(name)) return { kind: 'text', text: explicit ? title : `@${target.replace(/^@/, '')}` };
  if (name === 'cve') return { kind: 'text', text: explicit ? title : target.replace(/^(?!CVE-)/i, 'CVE-') };
  if (name === 'pep' || name === 'rfc')
    return { kind: 'text', text: explicit ? title : `${name.toUpperCase()} ${target}` };
  if (CODE.has(name)) return { kind: 'code', text: explicit ? title : objectName(text) };
  if (name === 'emphasis' || name === 'title-reference' || name === 't' || name === 'title')
    return { kind: 'emphasis', text };
  if (name === 'strong') return { kind: 'strong', text };
  return { kind: 'text', text: title };
}
