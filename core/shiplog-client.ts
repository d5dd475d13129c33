/**
 * A typed client of the Shiplog API for the Action and the App. `fetch` and `sleep` come in as
 * arguments. Every generate carries an Idempotency-Key; 5xx, 429 and 409 answers and no answer at all
 * are retried (p-retry) with backoff, honouring Retry-After (RFC 9110 §10.2.3) up to a minute; a
 * problem document becomes a `ShiplogApiError` carrying its code.
 *
 * `ShiplogApi` is what the shared flow (request-draft.ts) and the App use: this HTTP client implements
 * it, and so does the server itself in-process for the App mounted inside `shiplog serve`. The client
 * adds what only the Action does (`ShiplogClient`): list entries, import the changelog's history.
 */
import { createHash } from 'node:crypto';
import pRetry from 'p-retry';
import type { GenerateInput, GenerateResponse } from './contract/generate.schema.ts';
import { GenerateResponseSchema } from './contract/generate.schema.ts';
import {
  type Entry,
  EntryResponseSchema,
  type ListEntriesQuery,
  ListEntriesResponseSchema,
  type UpdateEntryInput,
} from './contract/entries.schema.ts';
import type { z } from 'zod';
import {
  type ImportInputSchema,
  type ImportResponse,
  ImportResponseSchema,
} from './contract/history.schema.ts';
import { type Problem, ProblemSchema } from './contract/problem.ts';
import { parseRetryAfter } from './parse-retry-after.ts';

export class ShiplogApiError extends Error {
  override name = 'ShiplogApiError';
  readonly status: number;
  readonly code: string;
  readonly problem: Problem | null;
  constructor(status: number, problem: Problem | null, fallback: string) {
    super(problem ? `${problem.title}: ${problem.detail}` : fallback);
    this.status = status;
    this.code = problem?.code ?? (status >= 500 ? 'internal' : 'unknown');
    this.problem = problem;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type CallOptions = { body?: unknown; idempotencyKey?: string };

export type ShiplogClientOptions = {
  /** e.g. `https://changelog.example.com` (no trailing `/api/v1`). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Waits between attempts, in milliseconds (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  userAgent?: string;
};

/**
 * The key for one operation on one range of one repository: the same job re-run gets the same
 * entry back (docs/api.md#idempotency: derived from the repository, the range and the operation).
 */
export function deriveIdempotencyKey(parts: {
  repository: string;
  from: string | null;
  to: string;
  operation: string;
  /** Anything else the request depends on (its source, a digest of a pull request's text). */
  extra?: readonly (string | number | null)[];
}): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([parts.repository, parts.from, parts.to, parts.operation, ...(parts.extra ?? [])]))
    .digest('base64url');
  return `gh:${parts.operation}:${digest}`;
}

/** The longest wait between two attempts, whatever Retry-After asks for. */
const MAX_WAIT_MS = 60_000;

/** 5xx, 429 and 409 (the same Idempotency-Key still in flight) are worth another try; so is no answer. */
function isRetryable(error: Error): boolean {
  if (!(error instanceof ShiplogApiError)) return false;
  return error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 409;
}

/** The wait after failed attempt `attemptNumber` (1-based): Retry-After when given, else 1 s, 2 s, 4 s… */
function retryDelay(retryAfter: string | null, attemptNumber: number, now: number): number {
  const seconds = parseRetryAfter(retryAfter, now);
  return Math.min(MAX_WAIT_MS, seconds === null ? 1000 * 2 ** (attemptNumber - 1) : seconds * 1000);
}

export function createShiplogClient(clientOptions: ShiplogClientOptions): ShiplogClient {
  const doFetch = clientOptions.fetch ?? fetch;
  const sleep =
    clientOptions.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = clientOptions.attempts ?? 4;
  const base = clientOptions.baseUrl.replace(/\/+$/, '');

  /** One request and its answer, whatever its status; no answer is a `ShiplogApiError` with status 0. */
  async function send(
    method: Method,
    path: string,
    options: CallOptions,
  ): Promise<{ response: Response; json: unknown }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${clientOptions.apiKey}`,
          accept: 'application/json',
          'user-agent': clientOptions.userAgent ?? 'shiplog-client',
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'unknown error';
      throw new ShiplogApiError(0, null, `Shiplog at ${base} could not be reached: ${reason}`);
    }
    const text = await response.text();
    return { response, json: text ? safeJson(text) : null };
  }

  /**
   * One API call with p-retry: `attempts` in all, retrying what `isRetryable` allows with the same
   * request (and so the same Idempotency-Key). p-retry's own timer is off (`minTimeout: 0`): the wait
   * is `sleep`'s, so that it honours Retry-After and a test can record it instead of waiting.
   * @throws ShiplogApiError the last attempt's, carrying the problem document's code
   */
  async function call(
    method: Method,
    path: string,
    options: CallOptions = {},
  ): Promise<{ status: number; json: unknown; replayed: boolean }> {
    let retryAfter: string | null = null;
    const { response, json } = await pRetry(
      async () => {
        retryAfter = null;
        const answer = await send(method, path, options);
        retryAfter = answer.response.headers.get('retry-after');
        if (answer.response.ok) return answer;
        const problem = ProblemSchema.safeParse(answer.json);
        throw new ShiplogApiError(
          answer.response.status,
          problem.success ? problem.data : null,
          `Shiplog answered ${answer.response.status}`,
        );
      },
      {
        retries: Math.max(0, attempts - 1),
        minTimeout: 0,
        shouldRetry: ({ error }) => isRetryable(error),
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft > 0 && isRetryable(error))
            await sleep(retryDelay(retryAfter, attemptNumber, Date.now()));
        },
      },
    );
    return {
      status: response.status,
      json,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  }

  return {
    async generate(input, idempotencyKey) {
      const { json, replayed } = await call('POST', '/api/v1/entries/generate', {
        body: input,
        idempotencyKey,
      });
      return { ...GenerateResponseSchema.parse(json), replayed };
    },
    async getEntry(id) {
      const { json } = await call('GET', `/api/v1/entries/${encodeURIComponent(id)}`);
      return EntryResponseSchema.parse(json).entry;
    },
    async updateEntry(id, changes) {
      const { json } = await call('PATCH', `/api/v1/entries/${encodeURIComponent(id)}`, { body: changes });
      return EntryResponseSchema.parse(json).entry;
    },
    async publishEntry(id) {
      const { json } = await call('POST', `/api/v1/entries/${encodeURIComponent(id)}/publish`, { body: {} });
      return EntryResponseSchema.parse(json).entry;
    },
    async deleteEntry(id) {
      await call('DELETE', `/api/v1/entries/${encodeURIComponent(id)}`);
    },
    async listEntries(query) {
      const search = new URLSearchParams(
        Object.entries(query).flatMap(([name, value]): [string, string][] =>
          value === undefined ? [] : [[name, String(value)]],
        ),
      );
      const { json } = await call('GET', `/api/v1/entries${search.size > 0 ? `?${search}` : ''}`);
      return ListEntriesResponseSchema.parse(json);
    },
    async importEntries(input, idempotencyKey) {
      const { json, replayed } = await call('POST', '/api/v1/entries/import', {
        body: input,
        idempotencyKey,
      });
      return { ...ImportResponseSchema.parse(json), replayed };
    },
  };
}

/** The Shiplog operations the Action and the App need, over HTTP or in-process alike. */
export type ShiplogApi = {
  /** POST /api/v1/entries/generate (201 a new entry; 200 the source's entry, `draft: null` if kept). */
  generate(
    input: Partial<GenerateInput> & { commits: string[] },
    idempotencyKey: string,
  ): Promise<GenerateResponse & { replayed: boolean }>;
  /** GET /api/v1/entries/{id}: the full record (with `previewUrl` for a draft). */
  getEntry(id: string): Promise<Entry>;
  /** PATCH /api/v1/entries/{id}: marks the entry edited. */
  updateEntry(id: string, changes: UpdateEntryInput): Promise<Entry>;
  /** POST /api/v1/entries/{id}/publish: a published entry is left as it is. */
  publishEntry(id: string): Promise<Entry>;
  /** DELETE /api/v1/entries/{id}. */
  deleteEntry(id: string): Promise<void>;
};

/** A release history as `POST /api/v1/entries/import` takes it (dates as ISO 8601 text). */
export type ImportRequest = z.input<typeof ImportInputSchema>;

/** The HTTP client: the shared operations, and those only the Action needs. */
export type ShiplogClient = ShiplogApi & {
  /** GET /api/v1/entries: one page (the Action asks `origin=import&limit=1`: was the history imported?). */
  listEntries(
    query: Partial<Omit<ListEntriesQuery, 'limit'>> & { limit?: number },
  ): Promise<z.infer<typeof ListEntriesResponseSchema>>;
  /** POST /api/v1/entries/import: up to 100 releases of the project's history, never dispatched. */
  importEntries(
    input: ImportRequest,
    idempotencyKey: string,
  ): Promise<ImportResponse & { replayed: boolean }>;
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
