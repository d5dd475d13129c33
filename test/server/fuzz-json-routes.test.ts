/**
 * Hostile JSON bodies on every JSON route never get a 5xx (issue "Hardening, round 2", "Done when"): a
 * seeded, bounded fast-check run posts deep nesting, lone surrogates, U+0000, huge and odd numbers,
 * wrong types, prototype keys (`__proto__`, `constructor`), very long strings and broken JSON to the
 * public routes (no key), the /api/v1 routes (a pro project's key) and the dashboard's (open ones, and
 * those of a signed-in owner), alone or mutated into a body
 * the route would accept, so that they reach past the first check. Every answer is below 500, and every
 * error is a problem document. Workers are off and private destinations allowed, so nothing the run
 * creates reaches the network.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { PASSWORD, signedInUser } from '../helpers/dashboard.ts';
import { type JsonRoute, jsonRoutes } from '../helpers/json-routes.ts';

let server: TestServer;
let routes: JsonRoute[];
/** Per route (same order as `routes`): a body it accepts, as [key, JSON value] pairs. */
let templates: [string, unknown][][];
let known: string[];

beforeAll(async () => {
  server = await buildTestServer(
    { SHIPLOG_API_RATE_LIMIT: '1000000', SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' },
    { workers: false },
  );
  const { project, headers } = await server.project('pro');
  const create = async (payload: object) =>
    (await server.app.inject({ method: 'POST', url: '/api/v1/entries', headers, payload })).json().entry.id;
  const draftId = await create({ title: 'Fuzzed draft', body: 'x' });
  const publishedId = await create({ title: 'Fuzzed published', body: 'x', publish: true });
  const owner = await signedInUser(server, [{ projectId: project.id, role: 'owner' }]);
  const origin = new URL(server.config.publicUrl).origin;
  routes = jsonRoutes({
    headers,
    draftId,
    dashboard: { origin, headers: owner.headers, slug: project.slug, userId: owner.id },
  });
  const event = { project: project.slug, type: 'view', anonymousId: 'reader-0001', entryId: publishedId };
  templates = [
    { project: project.slug, email: 'reader@example.com' },
    {},
    {},
    { entryId: publishedId, emoji: '👍', anonymousId: 'reader-0001' },
    event,
    { title: 'Fuzzed', body: 'Some **text**', category: 'fix', visibility: 'internal' },
    { title: 'Fuzzed again', version: '1.0.0' },
    {},
    {},
    { commits: ['feat: fuzz (#1)', 'fix: more'], repository: 'octo/app', source: { pullRequest: 3 } },
    { type: 'webhook', url: 'https://hooks.example.com/x', visibility: 'all' },
    {
      token: 'not-a-setup-token',
      email: 'a@example.com',
      password: PASSWORD,
      project: { name: 'F', slug: 'f' },
    },
    { email: owner.email, password: PASSWORD },
    { email: 'a@example.com' },
    { token: 'not-a-reset-token', password: PASSWORD },
    { token: 'not-an-invitation', password: PASSWORD },
    { current: PASSWORD, password: PASSWORD },
    { name: 'Fuzzed project', slug: 'fuzzed-project' },
    { name: 'Renamed', accent: '#112233', position: 'top-left', theme: 'dark' },
    { email: 'invitee@example.com', role: 'contributor' },
    { role: 'owner' },
    { name: 'CI' },
  ].map((t) => Object.entries(t));
  expect(templates).toHaveLength(routes.length);
  known = [project.slug, draftId, publishedId, 'a@example.com', '👍', 'reader-0001', 'https://example.com/x'];
  known.push(owner.email, PASSWORD, 'owner', 'publisher', 'contributor', '#112233', 'fuzzed-project');
  known.push('feature', 'fix', 'external', 'internal', 'view', 'click', 'webhook', 'slack', 'octo/app');
});
afterAll(() => server.close());

const FIELDS = [
  ...['project', 'email', 'page', 'entryId', 'emoji', 'anonymousId', 'type', 'url', 'events', 'title'],
  ...['body', 'category', 'version', 'visibility', 'publish', 'commits', 'pullRequests', 'repository'],
  ...['repositoryUrl', 'source', 'regenerate', 'name', 'pullRequest', 'release', 'headSha', 'number'],
  ...['token', 'password', 'current', 'role', 'slug', 'accent', 'position', 'theme'],
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
/** Numbers as JSON text: what JSON.parse turns into Infinity, -0, lost precision or 0. */
const ODD_NUMBERS = [
  '1e309',
  '-1e309',
  '123456789012345678901234567890',
  '1.7976931348623157e308',
  '-0',
  '1e-400',
];
const ESCAPES = ['\\ud800', '\\udfff', '\\ud83d', '\\u0000', '\\udc00\\ud800', '\\ud83c\\udf89'];

/** JSON text of hostile values and bodies; `known` holds values the routes accept (a slug, ids…). */
function hostile(known: string[]) {
  const plainString = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.constantFrom(300_000, 1_100_000).map((n) => '@'.repeat(n)) },
  );
  /** A JSON string literal, sometimes holding a lone surrogate or U+0000 as an escape. */
  const string = fc.oneof(
    { weight: 3, arbitrary: plainString.map((s) => JSON.stringify(s)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...known, ''), fc.constantFrom(...ESCAPES))
        .map(([s, escape]) => `${JSON.stringify(s).slice(0, -1)}${escape}"`),
    },
  );
  const number = fc.oneof(
    fc.constantFrom(...ODD_NUMBERS),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  );
  const key = fc
    .oneof(
      { weight: 5, arbitrary: fc.constantFrom(...FIELDS) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    )
    .map((k) => JSON.stringify(k));
  const deep = fc.oneof(
    fc.integer({ min: 30, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 30, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  );
  const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      string,
      number,
      fc.constantFrom('true', 'false', 'null', '{}', '[]'),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(key, tie('value')), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}:${v}`).join(',')}}`),
  }));
  const anyValue = fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: deep });
  /** Bodies that are not objects, or not JSON: nesting thousands deep, broken text, other tops. */
  const raw = fc.oneof(
    deep,
    fc.constantFrom(
      '{',
      '{"a":',
      'null',
      '[]',
      '"x"',
      '1e309',
      '\ufeff{}',
      '{"a":1,}',
      '{"__proto__":{"x":1}}',
    ),
    value,
  );
  return { key, anyValue, raw };
}

/** `template` with some values replaced, keys added or dropped: hostile, yet past the first check. */
function mutated(template: [string, unknown][], gen: ReturnType<typeof hostile>): fc.Arbitrary<string> {
  const pairs = template.map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)] as [string, string]);
  const edit = fc.oneof(
    fc.tuple(fc.constant('set' as const), fc.nat(), gen.anyValue),
    fc.tuple(fc.constant('add' as const), gen.key, gen.anyValue),
    fc.tuple(fc.constant('drop' as const), fc.nat(), fc.constant('')),
  );
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => {
    const out = pairs.map((p) => [...p] as [string, string]);
    for (const [op, at, v] of edits) {
      if (op === 'add') out.push([String(at), v]);
      else if (out.length > 0 && op === 'set') out[Number(at) % out.length]![1] = v;
      else if (out.length > 0) out.splice(Number(at) % out.length, 1);
    }
    return `{${out.map(([k, v]) => `${k}:${v}`).join(',')}}`;
  });
}

let address = 0;

describe('every JSON route, fuzzed', () => {
  it(
    'answers hostile bodies below 500, with problem documents (seeded, bounded)',
    { timeout: 60_000 },
    async () => {
      const gen = hostile(known);
      const statuses = new Map<number, number>();
      const request = fc
        .nat({ max: routes.length - 1 })
        .chain((index) =>
          fc.tuple(
            fc.constant(index),
            fc.oneof(
              { weight: 3, arbitrary: mutated(templates[index]!, gen) },
              { weight: 1, arbitrary: gen.raw },
            ),
          ),
        );
      await fc.assert(
        fc.asyncProperty(request, async ([index, body]) => {
          const route = routes[index]!;
          const res = await server.app.inject({
            method: route.method,
            url: route.url,
            headers: { ...route.headers, 'content-type': 'application/json' },
            // A new client address each time, so per-address limits never hide what a body does.
            remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            payload: body,
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const said = `${route.method} ${route.url} ${body.slice(0, 300)} → ${res.body.slice(0, 300)}`;
          expect(res.statusCode, said).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(String(res.headers['content-type']), said).toMatch(/problem\+json/);
        }),
        { seed: 182_026, numRuns: 3000, endOnFailure: true },
      );
      // Bodies reached every kind of answer, successes included, not only refusals.
      for (const status of [200, 201, 202, 400, 404, 413])
        expect(statuses.get(status), String(status)).toBeGreaterThan(0);
    },
  );
});
