/**
 * XSS: a corpus of vectors (OWASP XSS filter-evasion cheat sheet, `javascript:` variants with
 * entities and zero-padding, SVG/MathML, event handlers, `data:` URLs) goes through the real
 * interface, create → widget JSON, and the HTML that comes out is parsed and checked element by element.
 */
import { readFile } from 'node:fs/promises';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown, sanitize } from '../../../server/services/render-markdown.ts';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

const vectors: string[] = JSON.parse(
  await readFile(new URL('../../fixtures/xss-vectors.json', import.meta.url), 'utf8'),
);

const ALLOWED_TAGS = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'samp',
  'em',
  'strong',
  'del',
  's',
  'sub',
  'sup',
  'mark',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'input',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'srcset',
  'xlink:href',
  'data',
]);

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[] };

/** Every problem an HTML fragment has; an empty list means safe. */
function problems(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.type === 'script' || node.type === 'style') found.push(`<${node.name}> element`);
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      if (!ALLOWED_TAGS.has(node.name!)) found.push(`disallowed tag <${node.name}>`);
      for (const [name, value] of Object.entries(node.attribs ?? {})) {
        if (/^on/i.test(name)) found.push(`event handler ${name}`);
        if (name === 'style') found.push('style attribute');
        if (URL_ATTRIBUTES.has(name)) {
          // The parser has decoded entities; browsers also ignore ASCII whitespace and controls here.
          const normalized = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          if (/^[a-z][a-z0-9+.-]*:/.test(normalized) && !/^(https?|mailto):/.test(normalized))
            found.push(`unsafe URL ${name}=${value}`);
          if (normalized.startsWith('//')) found.push(`protocol-relative URL ${value}`);
        }
      }
      if (
        node.name === 'a' &&
        node.attribs?.href !== undefined &&
        node.attribs.rel !== 'noopener noreferrer nofollow'
      ) {
        found.push('link without rel="noopener noreferrer nofollow"');
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(parseDocument(html, { decodeEntities: true }) as unknown as Node);
  return found;
}

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
});
afterAll(() => server.close());

describe('Markdown rendering and sanitizing', () => {
  it(`has a corpus of at least 60 vectors (${vectors.length})`, () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60);
  });

  it('lets no script, handler or unsafe URL through create → widget html', async () => {
    const { project, headers } = await server.project('pro');
    const ids: string[] = [];
    for (const [i, vector] of vectors.entries()) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers,
        payload: { title: `Vector ${i}`, body: vector, publish: true },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().entry.id);
    }
    const seen = new Map<string, string>();
    // The widget shows the newest 20; unpublish as we go to walk the whole corpus through it.
    while (seen.size < vectors.length) {
      const { entries } = (
        await server.app.inject({ method: 'GET', url: `/api/widget/${project.slug}` })
      ).json();
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        seen.set(entry.id, entry.html);
        await server.app.inject({ method: 'POST', url: `/api/v1/entries/${entry.id}/unpublish`, headers });
      }
    }
    for (const [i, id] of ids.entries()) {
      const html = seen.get(id)!;
      expect(problems(html), `vector ${i}: ${vectors[i]}\n→ ${html}`).toEqual([]);
      expect(sanitize(html), `vector ${i} is not idempotent`).toBe(html);
    }
  });

  it('is idempotent on every vector: sanitize(sanitize(x)) == sanitize(x)', () => {
    for (const vector of vectors) {
      const once = sanitize(vector);
      expect(sanitize(once)).toBe(once);
      expect(problems(once)).toEqual([]);
    }
  });

  it('keeps what authors use: nested lists, code spans and blocks, tables, task lists, safe links', () => {
    const html = renderMarkdown(
      '- a\n  - nested `code`\n\n```rust\nfn main() {}\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n- [x] done\n\n[docs](https://ok.example/docs) <kbd>Ctrl</kbd>',
    );
    expect(html).toContain('<li>a<ul>\n<li>nested <code>code</code></li>');
    expect(html).toContain('<pre><code class="language-rust">fn main() {}');
    expect(html).toContain('<th align="center">b</th>');
    expect(html).toContain('<input type="checkbox" disabled checked />');
    expect(html).toContain(
      '<a href="https://ok.example/docs" rel="noopener noreferrer nofollow" target="_blank">docs</a>',
    );
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(problems(html)).toEqual([]);
  });
});
