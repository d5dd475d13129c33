/**
 * ESLint rule `local/no-folder-cycles`: folders never import each other in a circle
 * (docs/architecture.md#layers). `import-x/no-cycle` finds circles of files; this finds circles of folders, which hold none:
 * `services/audit/` using `services/entries/keyset-cursor.ts` while `services/entries/` records audit events
 * is no file circle, yet neither folder can be understood, moved or tested without the other.
 *
 * An import from a file under folder A to a file under folder B is an arrow between the two sibling
 * folders that hold them, right below the deepest folder holding both (`server/services/audit/x.ts` →
 * `server/services/entries/y.ts` is `audit → entries` inside `server/services/`; a file that sits
 * directly in that deepest folder, such as `server/services/context.ts`, is no folder and draws no
 * arrow). Type-only imports count: a folder that needs another's type depends on it. The rule reports
 * an import whose arrow another chain of arrows answers back, naming the circle. The arrows of the
 * other files are read from disk, once per process, from the `roots` the rule is given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE = /\.(ts|tsx)$/;
const SKIP = new Set(['node_modules', 'dist']);
/** Relative specifiers of static imports and re-exports, and of `import('…')`. */
const SPECIFIERS = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm;

/** Every source file under `dir`, as absolute paths. */
function sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/**
 * The arrow an import from `from` (a file) to `to` (a file) draws: `[folderA, folderB]`, the two sibling
 * folders right below the deepest folder holding both, or null when either file sits in that folder.
 */
export function arrowOf(from, to) {
  const a = dirname(from).split(sep);
  const b = dirname(to).split(sep);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  if (common === a.length || common === b.length) return null;
  return [a.slice(0, common + 1).join(sep), b.slice(0, common + 1).join(sep)];
}

/** Folder → the sibling folders it imports from, over every source file under `roots`. */
function folderGraph(roots) {
  const graph = new Map();
  for (const file of roots.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8').replace(COMMENTS, '$1');
    for (const [, specifier] of text.matchAll(SPECIFIERS)) {
      const arrow = arrowOf(file, resolve(dirname(file), specifier));
      if (!arrow) continue;
      if (!graph.has(arrow[0])) graph.set(arrow[0], new Set());
      graph.get(arrow[0]).add(arrow[1]);
    }
  }
  return graph;
}

/** The folders from `start` to `goal` along the graph's arrows (both included), or null. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const path = [];
      for (let at = goal; at !== null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(folder) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, folder);
      queue.push(next);
    }
  }
  return null;
}

const graphs = new Map();

export default {
  meta: {
    type: 'problem',
    docs: { description: 'folders never import each other in a circle' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      circle:
        'folders import each other in a circle: {{circle}}; move what they share into a folder below both',
    },
  },
  create(context) {
    const cwd = context.cwd;
    const roots = (context.options[0]?.roots ?? []).map((root) => resolve(cwd, root));
    const key = roots.join('\0');
    if (!graphs.has(key)) graphs.set(key, folderGraph(roots));
    const graph = graphs.get(key);
    const file = context.filename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !/^\.{1,2}\//.test(specifier)) return;
      const arrow = arrowOf(file, resolve(dirname(file), specifier));
      if (!arrow) return;
      const back = pathBetween(graph, arrow[1], arrow[0]);
      if (!back) return;
      const circle = [arrow[0], ...back].map((folder) => relative(cwd, folder) + '/').join(' → ');
      context.report({ node: node.source, messageId: 'circle', data: { circle } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
