/** Generate through HTTP with the offline drafter (no AI key configured): shape, rules and limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftSchema } from '../../../../core/contract/generate.schema.ts';
import { countAiDrafts } from '../../../../server/db/ai-usage.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { loadReleases } from '../../../fixtures/releases/load-releases.ts';

const releases = loadReleases();
const ripgrep14 = releases.find((r) => r.repo === 'BurntSushi/ripgrep' && r.tag === '14.0.0')!;
const cliff = releases.find((r) => r.repo === 'orhun/git-cliff' && r.tag === 'v2.10.0')!;

let server: TestServer;
let headers: Record<string, string>;
let projectId: string;
let slug: string;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  const created = await server.project('pro');
  ({ headers } = created);
  projectId = created.project.id;
  slug = created.project.slug;
});
afterAll(() => server.close());

const generate = (payload: unknown, extra: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/generate',
    headers: { ...headers, ...extra },
    payload: payload as object,
  });

describe('POST /api/v1/entries/generate (offline)', () => {
  it('drafts an entry: 201, Location, the contract shape, no quota spent', async () => {
    const res = await generate({ commits: cliff.commits.map((c) => c.message), version: '2.10.0' });
    expect(res.statusCode).toBe(201);
    const { entry, draft } = res.json();
    expect(res.headers.location).toBe(`https://changelog.test/api/v1/entries/${entry.id}`);
    expect(entry).toEqual({
      id: expect.stringMatching(/^ent_/),
      slug: expect.stringMatching(/^[a-z0-9-]+$/),
      title: draft.title,
      status: 'draft',
      editedAt: null,
    });
    DraftSchema.parse(draft);
    expect(draft).toMatchObject({
      provider: 'offline',
      model: null,
      usage: { inputTokens: 0, outputTokens: 0 },
      version: '2.10.0',
    });
    // The version is its own field, never part of the title (docs/api.md#generate-a-draft-from-commits-and-pull-requests).
    expect(draft.title).not.toContain('2.10.0');
    expect(draft.title.length).toBeGreaterThan(5);
    expect(draft.commits.received).toBe(cliff.commits.length);
    expect(draft.commits.used + draft.commits.ignored).toBe(cliff.commits.length);
    expect(draft.sections.map((s: { category: string }) => s.category)).toEqual([
      'feature',
      'improvement',
      'fix',
    ]);
    expect(draft.body).toContain('### New features');
    expect(await countAiDrafts(server.db.sql, projectId)).toBe(0);

    const stored = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${entry.id}`, headers })
    ).json().entry;
    expect(stored).toMatchObject({
      origin: 'generate',
      body: draft.body,
      category: draft.category,
      version: '2.10.0',
    });
  });

  it('lets the request category win, copies version (never invents one), and publishes on request', async () => {
    const res = await generate({
      commits: ['feat: add dark mode (#12)', 'fix: crash on start (#13)'],
      category: 'announcement',
      publish: true,
      visibility: 'external',
    });
    expect(res.statusCode).toBe(201);
    const { entry, draft } = res.json();
    expect(draft.category).toBe('announcement');
    expect(draft.version).toBeNull();
    expect(draft.title).toBe('Add dark mode');
    expect(entry.status).toBe('published');
    const widget = (await server.app.inject({ method: 'GET', url: `/api/widget/${slug}` })).json();
    expect(widget.entries[0]).toMatchObject({ id: entry.id, category: 'announcement', version: null });
  });

  it('treats commit text as untrusted: no HTML, images or links but references, scope escaped like the subject', async () => {
    const res = await generate({
      commits: [
        'fix(<script>): x closes the scope',
        'feat: ![pixel](https://evil.example/q.png) tracking',
        'feat: see [docs](https://evil.example/d), www.evil.example and https://evil.example/x',
        'fix: write to a@evil.example for help (#42)',
        'fix: keep `Box<dyn Error>` and Vec<u8> readable',
      ],
      publish: true,
    });
    expect(res.statusCode).toBe(201);
    const entry = (await server.app.inject({ url: `/api/v1/entries/${res.json().entry.id}`, headers })).json()
      .entry;
    const html: string = entry.html;
    expect(html).not.toMatch(/<img|<script|<a /);
    expect(html).toContain('<strong>&lt;script&gt;</strong>: Fix X closes the scope');
    // Nothing after the bad scope was swallowed.
    for (const text of ['tracking', 'www.evil.example', 'https://evil.example/x', 'a@evil.example', '(#42)'])
      expect(html).toContain(text);
    expect(html).toContain('<code>Box&lt;dyn Error&gt;</code> and Vec&lt;u8&gt; readable');
  });

  it('accepts 500 commits and rejects 0 or 501 with a pointer', async () => {
    const padded = Array.from(
      { length: 500 },
      (_, i) => ripgrep14.commits[i % ripgrep14.commits.length]!.message,
    );
    const ok = await generate({ commits: padded, version: '14.0.0' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().draft.commits.received).toBe(500);

    for (const commits of [[], [...padded, 'one more']]) {
      const res = await generate({ commits });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid');
      expect(res.json().errors[0].pointer).toBe('/commits');
    }
    const bad = await generate({ commits: ['ok', 42], version: 'v'.repeat(41), extra: true });
    expect(
      bad
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
    ).toEqual(['/commits/1', '/extra', '/version']);
  });

  it('takes bodies up to 2 MiB and answers 413 beyond', async () => {
    const long = `fix: something (#1)\n\n${'x'.repeat(3000)}`;
    const oneAndHalfMiB = Array.from({ length: 500 }, () => long);
    expect(JSON.stringify({ commits: oneAndHalfMiB }).length).toBeGreaterThan(1024 * 1024);
    expect((await generate({ commits: oneAndHalfMiB })).statusCode).toBe(201);

    const tooBig = Array.from({ length: 500 }, () => `fix: x\n\n${'y'.repeat(4300)}`);
    const res = await generate({ commits: tooBig });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });
});

describe('SHIPLOG_AI=off', () => {
  it('503 ai_unavailable with Retry-After, nothing stored', async () => {
    const off = await buildTestServer({ SHIPLOG_AI: 'off' });
    try {
      const { project, headers: h } = await off.project('pro');
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/entries/generate',
        headers: h,
        payload: { commits: ['fix: a'] },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('ai_unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const [row] = await off.db.sql<
        { n: number }[]
      >`select count(*)::int as n from entries where project_id = ${project.id}`;
      expect(row!.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
