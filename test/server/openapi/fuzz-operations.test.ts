/**
 * Every operation of the API document (/openapi.json) driven with requests generated from the
 * document's own schemas (test/helpers/operation-requests.ts): valid path and query parameters and
 * bodies, and ones broken in one place, with a pro project's API key or a signed-in owner's session
 * (/api/v1's two security schemes), or without credentials. The run fails on any answer the document
 * does not describe, by kind:
 * - `undeclared status`: a status the operation does not list (a 4xx must be listed; `default` is the
 *   server's errors), `undeclared media type`, `body mismatch` (ajv over the document's schema);
 * - `server error`: a 500;
 * - `valid request refused`: a request the document describes answered `400`/`413`/`415`/`422`
 *   (its schema is looser than the server), unless every field it names depends on state the document
 *   cannot know (STATE_DEPENDENT);
 * - `invalid request accepted`: a request the document rules out answered with a success (its schema
 *   is stricter than the server).
 * Seeded and bounded: OPERATION_RUNS requests per operation (40; `FUZZ_RUNS=300` for a deeper run).
 * Workers are off and private destinations allowed, so nothing the run creates reaches the network.
 */
import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { type FuzzFixtures, makeFuzzFixtures } from '../../helpers/fuzz-fixtures.ts';
import { ConformanceError, createConformance } from '../../helpers/openapi-conformance.ts';
import { type Operation, type PlannedRequest, operationRequests } from '../../helpers/operation-requests.ts';

const SEED = 30_004;
const OPERATION_RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Field errors a request the document describes may still get, because whether the value is good
 * depends on what the server holds, its configuration or the clock, which no schema can say:
 * [operation, pointer, why].
 */
const STATE_DEPENDENT: [string, RegExp, string][] = [
  ['POST /api/reactions', /^\/emoji$/, "the project's own list of emoji"],
  ['GET /api/v1/', /^\/query\/cursor$/, 'a cursor is signed, and bound to the filters it was made with'],
  ['POST /api/v1/entries', /^\/(publishAt|at)$/, 'a publish time must be in the future'],
  [
    'POST /api/v1/entries/import',
    /^\/releases\/\d+\/publishedAt$/,
    'an imported release must be dated in the past',
  ],
  ['POST /api/v1/entries/', /^\/params\/locale$/, "one of the project's own locales"],
  ['POST /api/v1/entries/generate', /^\/locales\/\d+$/, "one of the project's own locales"],
  ['POST /api/analytics', /^(\/events\/\d+)?\/entryId$/, 'the entry must exist and be published'],
  ['GET /api/v1/analytics', /^\/query\/from$/, '`from` before `to`: no schema compares two values'],
  [
    'POST /api/v1/entries/generate',
    /^\/commitDetails\/\d+\/index$/,
    'an index into `commits`: no schema compares a value with another field’s length',
  ],
  [
    'POST /api/v1/entries/import',
    /^\/releases\/\d+\/commitDetails\/\d+\/index$/,
    'an index into its release’s `commits`: no schema compares a value with another field’s length',
  ],
  [
    'POST /api/v1/channels',
    /^\/url$/,
    'https (or http when private destinations are allowed) to a host that resolves to a public address',
  ],
];

/**
 * Operations that succeed only with an AI provider, which this run has none of (it answers `503
 * ai_unavailable`, a declared status): their success is held to the document in
 * responses-match-document.test.ts, with a provider served by nock.
 */
const NEEDS_PROVIDER = ['POST /api/v1/entries/{id}/translations/{locale}/draft'];

/** Whether a refusal that names `pointer` may answer a valid request to `operation` (STATE_DEPENDENT). */
const dependsOnState = (operation: string, pointer: string) =>
  STATE_DEPENDENT.some(([prefix, field]) => operation.startsWith(prefix) && field.test(pointer));

let server: TestServer;
let fixtures: FuzzFixtures;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  server = await buildTestServer(
    { SHIPLOG_API_RATE_LIMIT: '1000000', SHIPLOG_ALLOW_PRIVATE_DESTINATIONS: 'true' },
    { workers: false },
  );
  fixtures = await makeFuzzFixtures(server);
  document = (await server.app.inject({ url: '/openapi.json' })).json();
});
afterAll(() => server.close());

/**
 * The document's operations; DELETEs last (a sub-resource's before its resource's), so what they remove
 * is there for the others first.
 */
function operationsOf(doc: OpenAPIV3_1.Document): Operation[] {
  const all = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item?.[m]).map((m) => ({ method: m.toUpperCase(), path, op: item![m]! })),
  );
  const rank = (o: Operation) => (o.method === 'DELETE' ? 1000 - o.path.length : 0);
  return all.sort((a, b) => rank(a) - rank(b));
}

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** The kind of mismatch between `answer` and the document, with what shows it, or null. */
function mismatchOf(
  check: (answer: Answer) => void,
  request: PlannedRequest,
  answer: Answer,
): [string, string] | null {
  try {
    check(answer);
  } catch (error) {
    if (error instanceof ConformanceError) return [error.kind, error.message];
    throw error;
  }
  const status = answer.statusCode;
  if (status === 500) return ['server error', answer.body];
  const valid = request.invalidBecause.length === 0;
  if (!valid && status < 400) return ['invalid request accepted', request.invalidBecause.join('; ')];
  if (valid && [400, 413, 415, 422].includes(status)) {
    const pointers = ((JSON.parse(answer.body) as { errors?: { pointer: string }[] }).errors ?? []).map(
      (e) => e.pointer,
    );
    const operation = `${request.method} ${new URL(request.url, 'http://x').pathname}`;
    if (pointers.length === 0 || pointers.some((p) => !dependsOnState(operation, p)))
      return ['valid request refused', answer.body];
  }
  return null;
}

let address = 0;

/** A stable number for `name` (FNV-1a), so each operation's sample depends on it alone. */
function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 1_000_000;
}

describe('every operation of the API document, fuzzed from its own schemas', () => {
  it(
    'answers only what the document describes (seeded, bounded)',
    { timeout: 60_000 * Math.max(1, OPERATION_RUNS / 40) },
    async () => {
      const conformance = createConformance(document);
      const operations = operationsOf(document);
      const failures = new Map<string, { count: number; examples: Map<string, string> }>();
      const perOperation = new Map<string, { valid: number; success: number }>();
      const statuses = new Map<number, number>();
      let sent = 0;

      for (const operation of operations) {
        const name = `${operation.method} ${operation.path}`;
        const arbitrary = operationRequests(document, conformance, fixtures.hints, operation);
        // Seeded by the operation's name: a new operation leaves every other operation's requests as they were.
        const requests = fc.sample(arbitrary, { seed: SEED + seedOf(name), numRuns: OPERATION_RUNS });
        const tally = { valid: 0, success: 0 };
        perOperation.set(name, tally);
        for (const request of requests) {
          const answer = await server.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: {
              ...(request.auth === 'key' ? fixtures.keyHeaders : {}),
              ...(request.auth === 'session' ? fixtures.sessionHeaders : {}),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            // A new client address each time, so per-address limits never hide what a request does.
            remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          });
          sent++;
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          if (request.invalidBecause.length === 0) tally.valid++;
          if (answer.statusCode < 400) tally.success++;
          const found = mismatchOf((a) => conformance.check(request.method, request.url, a), request, answer);
          if (!found) continue;
          const [kind, detail] = found;
          const entry = failures.get(kind) ?? { count: 0, examples: new Map<string, string>() };
          entry.count++;
          // The first of each kind per operation, as the request that shows it.
          if (!entry.examples.has(name))
            entry.examples.set(
              name,
              `${request.method} ${request.url} [${request.auth}] ${request.payload?.slice(0, 200) ?? ''} → ${answer.statusCode}: ${detail.slice(0, 300)}`,
            );
          failures.set(kind, entry);
        }
      }

      const byKind = Object.fromEntries([...failures].map(([kind, f]) => [kind, f.count]));
      console.info(
        `fuzzed ${operations.length} operations × ${OPERATION_RUNS} requests = ${sent}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; failures by kind ${JSON.stringify(byKind)}`,
      );
      expect(sent).toBe(operations.length * OPERATION_RUNS);
      expect(Object.fromEntries([...failures].map(([kind, f]) => [kind, [...f.examples.values()]]))).toEqual(
        {},
      );
      // Not vacuous: every operation was sent requests the document describes, and answered a success.
      const starved = [...perOperation]
        .filter(([n, t]) => t.valid === 0 || (t.success === 0 && !NEEDS_PROVIDER.includes(n)))
        .map(([n]) => n);
      expect(starved).toEqual([]);
    },
  );
});
