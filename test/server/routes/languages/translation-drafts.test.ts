/**
 * Drafting translations (issue 39 item 6, docs/languages.md "Drafting translations"): generate's
 * `locales` with the AI provider (nock serving hand-written chat-completions answers) and offline,
 * and POST /api/v1/entries/{id}/translations/{locale}/draft: answered for review, never saved, the
 * role rules of editing the entry, one AI draft of the quota each, a clear 503 without a provider.
 */
import { countTokens } from 'gpt-tokenizer';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenerateResponseSchema } from '../../../../core/contract/generate.schema.ts';
import { TranslationDraftResponseSchema } from '../../../../core/contract/languages.schema.ts';
import { countAiDrafts } from '../../../../server/db/ai-usage.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { memberHeaders, signedInUser } from '../../../helpers/dashboard.ts';
import { AI_BASE_URL, aiScope, openaiFixture } from '../../../helpers/openai-fixtures.ts';

const commits = [
  'fix: line anchors work with --null-data (#2658)',
  'fix(fish): negated options complete (#2659)',
];
const deFixture = JSON.parse(
  (openaiFixture('chat-completion-translation-de') as any).choices[0].message.content,
);

const SMALL_BUDGET = 400;

let ai: TestServer;
let offline: TestServer;
/** The provider's settings, with an input budget of `SMALL_BUDGET` tokens per call. */
let small: TestServer;
/** An OpenAI-compatible provider at the fake server, failing fast. */
const PROVIDER = {
  OPENAI_API_KEY: 'sk-test-0123456789abcdefwxyz',
  OPENAI_BASE_URL: AI_BASE_URL,
  OPENAI_MODEL: 'gpt-4o-mini',
  SHIPLOG_AI_MAX_RETRIES: '0',
  SHIPLOG_AI_TIMEOUT_MS: '400',
  SHIPLOG_API_RATE_LIMIT: '1000',
};
beforeAll(async () => {
  [ai, offline, small] = await Promise.all([
    buildTestServer({ ...PROVIDER, SHIPLOG_AI_QUOTA_PRO: '20' }, { workers: false }),
    buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false }),
    buildTestServer({ ...PROVIDER, SHIPLOG_AI_MAX_INPUT_TOKENS: String(SMALL_BUDGET) }, { workers: false }),
  ]);
});
afterAll(() => Promise.all([ai?.close(), offline?.close(), small?.close()]));
afterEach(() => nock.cleanAll());

/** A project on `server` with German and French besides English. */
async function multilingual(server: TestServer) {
  const created = await server.project('pro');
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers: created.headers,
    payload: { locales: ['de', 'fr'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return created;
}

/** The provider answering each request in turn with `answers` (fixture names or [status, fixture]); what was sent. */
function provider(answers: (string | [number, string])[]) {
  const sent: any[] = [];
  let scope = aiScope();
  for (const answer of answers) {
    const [status, name] = typeof answer === 'string' ? [200, answer] : answer;
    scope = scope
      .post('/v1/chat/completions', (body) => {
        sent.push(body);
        return true;
      })
      .reply(status, openaiFixture(name) as object);
  }
  return { scope, sent };
}

const generate = (server: TestServer, headers: Record<string, string>, payload: object) =>
  server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });
const draftTranslation = (server: TestServer, headers: Record<string, string>, id: string, locale: string) =>
  server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/translations/${locale}/draft`, headers });
const getEntry = async (server: TestServer, headers: Record<string, string>, id: string) =>
  (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;

describe('generate with locales, AI provider', () => {
  it('drafts each translation from the draft, saves them on the entry, one AI draft each', async () => {
    const { project, headers } = await multilingual(ai);
    const { scope, sent } = provider([
      'chat-completion-draft',
      'chat-completion-translation-de',
      'chat-completion-translation-fr',
    ]);
    const res = await generate(ai, headers, { commits, version: '14.0.2', locales: ['de', 'FR'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(scope.isDone()).toBe(true);
    const { entry, draft } = GenerateResponseSchema.parse(res.json());
    expect(Object.keys(draft!.translations)).toEqual(['de', 'fr']);
    expect(draft!.warnings).toEqual([]);
    expect(draft!.translations.de!.title).toBe(deFixture.title);
    // A link and a URL the entry does not have are taken out; the link's words stay.
    expect(draft!.translations.de!.body).toContain('Mehr dazu im Blog und unter .');
    expect(draft!.translations.de!.body).not.toContain('invented.example');
    expect(draft!.usage).toEqual({ inputTokens: 512 + 304 + 298, outputTokens: 96 + 141 + 133 });
    expect(await countAiDrafts(ai.db.sql, project.id)).toBe(3);

    // The translation prompt: from English into German, the drafted text as data.
    expect(sent[1].messages[0].content).toContain('from English (en) into German (de)');
    expect(sent[1].response_format.json_schema.strict).toBe(true);
    const given = JSON.parse(sent[1].messages[1].content);
    expect(given.title).toBe(draft!.title);
    expect(given.body).toBe(draft!.body);
    expect(sent[2].messages[0].content).toContain('into French (fr)');

    const stored = await getEntry(ai, headers, entry.id);
    expect(stored.translatedLocales).toEqual(['de', 'fr']);
    expect(stored.translations.de).toMatchObject({ title: deFixture.title, summary: deFixture.summary });
    expect(stored.translations.de.html).toContain('<code>--null-data</code>');
    expect(stored.status).toBe('draft');
  });

  it('keeps the draft when one translation fails, says which and why, and gives its quota back', async () => {
    const { project, headers } = await multilingual(ai);
    const { scope } = provider([
      'chat-completion-draft',
      [500, 'error-server'],
      'chat-completion-translation-fr',
    ]);
    const res = await generate(ai, headers, { commits, locales: ['de', 'fr'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(scope.isDone()).toBe(true);
    const { draft, entry } = res.json();
    expect(Object.keys(draft.translations)).toEqual(['fr']);
    expect(draft.warnings).toEqual(['The translation into de was not drafted: The AI provider failed']);
    expect(await countAiDrafts(ai.db.sql, project.id)).toBe(2);
    expect((await getEntry(ai, headers, entry.id)).translatedLocales).toEqual(['fr']);
  });

  it("refuses a locale outside the project's list before any model call (400 at /locales/<i>)", async () => {
    const { project, headers } = await multilingual(ai);
    const res = await generate(ai, headers, { commits, locales: ['de', 'es', 'en'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/locales/1',
      '/locales/2',
    ]);
    expect(await countAiDrafts(ai.db.sql, project.id)).toBe(0);
  });
});

describe('generate with locales, offline', () => {
  it('answers translations: {} and says why in warnings; the entry has none', async () => {
    const { headers } = await multilingual(offline);
    const res = await generate(offline, headers, { commits, locales: ['de'] });
    expect(res.statusCode, res.body).toBe(201);
    const { draft, entry } = GenerateResponseSchema.parse(res.json());
    expect(draft!.provider).toBe('offline');
    expect(draft!.translations).toEqual({});
    expect(draft!.warnings).toHaveLength(1);
    expect(draft!.warnings[0]).toMatch(/^Translations into de were not drafted: the offline drafter/);
    expect(draft!.warnings[0]).toContain('OPENAI_API_KEY');
    expect((await getEntry(offline, headers, entry.id)).translatedLocales).toEqual([]);
  });

  it('without locales: no translations and no warnings', async () => {
    const { headers } = await multilingual(offline);
    const { draft } = (await generate(offline, headers, { commits })).json();
    expect(draft.translations).toEqual({});
    expect(draft.warnings).toEqual([]);
  });
});

describe('POST /api/v1/entries/{id}/translations/{locale}/draft', () => {
  it('answers the drafted translation for review and saves nothing', async () => {
    const { project, headers } = await multilingual(ai);
    const entry = await postEntry(ai.app, headers, {
      title: 'Dark mode',
      body: 'Toggle it in **Settings**. See [the guide](https://docs.example.com/dark).',
      summary: 'The app can be dark.',
    });
    const { scope, sent } = provider(['chat-completion-translation-de']);
    const res = await draftTranslation(ai, headers, entry.id, 'de');
    expect(res.statusCode, res.body).toBe(200);
    expect(scope.isDone()).toBe(true);
    const answer = TranslationDraftResponseSchema.parse(res.json());
    expect(answer).toMatchObject({
      locale: 'de',
      provider: 'openai',
      model: 'gpt-4o-mini-2024-07-18',
      usage: { inputTokens: 304, outputTokens: 141 },
      translation: { title: deFixture.title, summary: deFixture.summary },
    });
    expect(JSON.parse(sent[0].messages[1].content)).toEqual({
      title: 'Dark mode',
      body: 'Toggle it in **Settings**. See [the guide](https://docs.example.com/dark).',
      summary: 'The app can be dark.',
    });
    const stored = await getEntry(ai, headers, entry.id);
    expect(stored.translations).toEqual({});
    expect(stored.editedAt).toBeNull();
    expect(await countAiDrafts(ai.db.sql, project.id)).toBe(1);
  });

  it('counts the prompt it sent as the input tokens when the provider reports no usage, as generate does', async () => {
    const { headers } = await multilingual(ai);
    const entry = await postEntry(ai.app, headers, {
      title: 'Dark mode',
      body: 'Toggle it in **Settings**.',
    });
    const { usage: _none, ...withoutUsage } = openaiFixture('chat-completion-translation-de') as any;
    let sent: any;
    const scope = aiScope()
      .post('/v1/chat/completions', (body) => {
        sent = body;
        return true;
      })
      .reply(200, withoutUsage);
    const res = await draftTranslation(ai, headers, entry.id, 'de');
    expect(res.statusCode, res.body).toBe(200);
    expect(scope.isDone()).toBe(true);
    const [system, user] = sent.messages.map((m: { content: string }) => countTokens(m.content));
    expect(res.json().usage).toEqual({ inputTokens: system + user, outputTokens: 0 });
  });

  it('follows the rules of editing the entry: a contributor drafts for a draft, not for a published entry', async () => {
    const { project, headers } = await multilingual(ai);
    const contributor = await memberHeaders(ai, project, 'contributor');
    const publisher = await memberHeaders(ai, project, 'publisher');
    const draftEntry = await postEntry(ai.app, headers, { title: 'Draft' });
    const published = await postEntry(ai.app, headers, { title: 'Out', publish: true });
    const { scope } = provider(['chat-completion-translation-de', 'chat-completion-translation-de']);
    expect((await draftTranslation(ai, contributor, draftEntry.id, 'de')).statusCode).toBe(200);
    const refused = await draftTranslation(ai, contributor, published.id, 'de');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await draftTranslation(ai, publisher, published.id, 'de')).statusCode).toBe(200);
    expect(scope.isDone()).toBe(true);
    // The refusal called no model and spent nothing.
    expect(await countAiDrafts(ai.db.sql, project.id)).toBe(2);
  });

  it('400 for a locale that is not one of the project’s others, 404 for another project’s entry', async () => {
    const { headers } = await multilingual(ai);
    const other = await multilingual(ai);
    const entry = await postEntry(ai.app, headers, { title: 'Draft' });
    for (const [locale, pointer] of [
      ['es', '/params/locale'],
      ['en', '/params/locale'],
      ['de_DE', '/params/locale'],
    ]) {
      const res = await draftTranslation(ai, headers, entry.id, locale!);
      expect(res.statusCode, locale).toBe(400);
      expect(res.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([pointer]);
    }
    expect((await draftTranslation(ai, other.headers, entry.id, 'de')).statusCode).toBe(404);
  });

  it('an unusable answer is 502 and spends no quota', async () => {
    const { project, headers } = await multilingual(ai);
    const entry = await postEntry(ai.app, headers, { title: 'Draft' });
    provider(['chat-completion-refusal']);
    const res = await draftTranslation(ai, headers, entry.id, 'fr');
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().code).toBe('generation_failed');
    expect(await countAiDrafts(ai.db.sql, project.id)).toBe(0);
  });

  it('without a provider: 503 ai_unavailable saying how to configure one', async () => {
    const { headers } = await multilingual(offline);
    const entry = await postEntry(offline.app, headers, { title: 'Draft' });
    const res = await draftTranslation(offline, headers, entry.id, 'de');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('ai_unavailable');
    expect(res.json().detail).toContain('OPENAI_API_KEY');
  });

  it("the dashboard's project says whether the editor may offer Draft translation", async () => {
    for (const [server, expected] of [
      [ai, true],
      [offline, false],
    ] as const) {
      const { project } = await server.project('pro');
      const user = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
      const res = await server.app.inject({
        url: `/api/dashboard/projects/${project.slug}`,
        headers: user.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().project.translationDrafts).toBe(expected);
    }
  });
});

/**
 * A provider that "translates" by turning every English word of `GLOSSARY` into German and answers
 * each request in the fields it was given; what was sent, in order.
 */
function glossaryProvider() {
  const GLOSSARY: Record<string, string> = { Paragraph: 'Absatz', Setting: 'Einstellung', Fixed: 'Behoben' };
  const translate = (text: string) => text.replace(/Paragraph|Setting|Fixed/g, (w) => GLOSSARY[w]!);
  const sent: any[] = [];
  const base = openaiFixture('chat-completion-translation-de') as any;
  const scope = aiScope()
    .persist()
    .post('/v1/chat/completions')
    .reply(200, (_uri, body) => {
      const request = typeof body === 'string' ? JSON.parse(body) : body;
      sent.push(request);
      const given = JSON.parse(request.messages[1].content) as Record<string, string>;
      const answer = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, translate(v)]));
      return {
        ...base,
        choices: [
          { ...base.choices[0], message: { ...base.choices[0].message, content: JSON.stringify(answer) } },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      };
    });
  return { scope, sent, translate };
}

/** A call's input tokens, counted as the budget counts them (o200k_base, system and user message). */
const inputTokens = (request: any) =>
  request.messages.reduce((sum: number, m: { content: string }) => sum + countTokens(m.content), 0);

describe('translating within SHIPLOG_AI_MAX_INPUT_TOKENS', () => {
  const paragraph = (n: number) =>
    `Paragraph ${n}: ${'the Setting that controls how the changelog widget shows entries is Fixed for every reader '.repeat(6)}`.trim();

  it('translates a long entry in several calls, each within the budget, cut between blocks and joined in order', async () => {
    const { project, headers } = await multilingual(small);
    const blocks = [
      paragraph(1),
      '- Setting one is Fixed\n- Setting two is Fixed\n  across lines',
      paragraph(2),
      '```sh\nshiplog entries list --setting Fixed\n\n\nshiplog entries show 1\n```',
      paragraph(3),
      '| Setting | Fixed |\n| --- | --- |\n| one | yes |',
      paragraph(4),
      paragraph(5),
      'See [the guide](https://docs.example.com/guide) and https://status.example.com.',
    ];
    const body = blocks.join('\n\n');
    const entry = await postEntry(small.app, headers, {
      title: 'Setting Fixed',
      body,
      summary: 'A Setting is Fixed.',
    });
    const { sent, translate } = glossaryProvider();
    const res = await draftTranslation(small, headers, entry.id, 'de');
    expect(res.statusCode, res.body).toBe(200);
    const answer = TranslationDraftResponseSchema.parse(res.json());

    expect(sent.length).toBeGreaterThan(1);
    for (const request of sent) expect(inputTokens(request)).toBeLessThanOrEqual(SMALL_BUDGET);
    // The first call is the whole-entry one; the others carry a part of the body only.
    const given = sent.map((r) => JSON.parse(r.messages[1].content));
    expect(given[0]).toMatchObject({ title: 'Setting Fixed', summary: 'A Setting is Fixed.' });
    for (const part of given.slice(1)) expect(Object.keys(part)).toEqual(['body']);
    // Cut between top-level blocks only: every part is whole blocks, and they are the body, in order.
    const parts = given.map((g) => g.body as string);
    for (const part of parts) for (const block of part.split('\n\n')) expect(body).toContain(block);
    expect(parts.join('\n\n')).toBe(body);
    expect(parts.find((p) => p.includes('```sh'))).toMatch(/```sh[\s\S]*shiplog entries show 1\n```/);

    expect(answer.translation).toEqual({
      title: 'Einstellung Behoben',
      body: translate(body),
      summary: 'A Einstellung is Behoben.',
    });
    expect(answer.usage).toEqual({ inputTokens: 100 * sent.length, outputTokens: 10 * sent.length });
    expect(await countAiDrafts(small.db.sql, project.id)).toBe(1);
  });

  it('answers 413 payload_too_large naming the setting for a block over the budget, and calls no model', async () => {
    const { project, headers } = await multilingual(small);
    const code = [
      '```text',
      ...Array.from({ length: 120 }, (_, i) => `line ${i} of a long log output`),
      '```',
    ];
    const entry = await postEntry(small.app, headers, {
      title: 'Long log',
      body: `${paragraph(1)}\n\n${code.join('\n')}\n\n${paragraph(2)}`,
    });
    const { sent } = glossaryProvider();
    const res = await draftTranslation(small, headers, entry.id, 'de');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('payload_too_large');
    expect(res.json().detail).toContain(`SHIPLOG_AI_MAX_INPUT_TOKENS: ${SMALL_BUDGET}`);
    expect(res.json().detail).toContain('"```text"');
    expect(sent).toEqual([]);
    expect(await countAiDrafts(small.db.sql, project.id)).toBe(0);
  });
});
