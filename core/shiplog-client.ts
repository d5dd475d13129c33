/**
 * A typed client of the Shiplog API for the Action and the App. `fetch` and `sleep` come in as
 * arguments. Every generate carries an Idempotency-Key; 5xx and 429 answers are retried with backoff,
 * honouring Retry-After; a problem document becomes a `ShiplogApiError` carrying its code.
 *
 * `ShiplogApi` is what the shared flow (draft-release.ts) and the App use: this HTTP client implements
 * it, and so does the server itself in-process for the App mounted inside `shiplog serve`.
 */
import { createHash } from 'node:crypto';
import type { GenerateInput, GenerateResponse } from './contract/generate.schema.ts';
import { GenerateResponseSchema } from './contract/generate.schema.ts';
import { type Entry, EntryResponseSchema, type UpdateEntryInput } from './contract/entries.schema.ts';
import { type Problem, ProblemSchema } from './contract/problem.ts';

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

export type ShiplogClientOptions = {
  /** e.g. `https://changelog.example.com` (no trailing `/api/v1`). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts in all, the first included. */
  attempts?: number;
  userAgent?: string;
};

/**
 * The key for one operation on one range of one repository: the same job re-run gets the same
 * entry back (CONTRACT.md "Idempotency": derived from the repository, the range and the operation).
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

const MAX_WAIT_MS = 60_000;

function retryDelay(response: Response | null, attempt: number): number {
  const header = response?.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.min(MAX_WAIT_MS, Math.max(0, seconds * 1000));
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.min(MAX_WAIT_MS, Math.max(0, date - Date.now()));
  }
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** attempt);
}

export function createShiplogClient(clientOptions: ShiplogClientOptions): ShiplogApi {
  const doFetch = clientOptions.fetch ?? fetch;
  const sleep =
    clientOptions.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = clientOptions.attempts ?? 4;
  const base = clientOptions.baseUrl.replace(/\/+$/, '');

  /** One API call with retries (5xx, 429, 409 in flight), honouring Retry-After. */
  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<{ status: number; json: unknown; replayed: boolean }> {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      let response: Response | null = null;
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
        lastError = err;
      }
      if (response) {
        const text = await response.text();
        const json = text ? safeJson(text) : null;
        const retryable = response.status >= 500 || response.status === 429 || response.status === 409;
        if (!retryable || attempt === attempts - 1) {
          if (response.ok)
            return {
              status: response.status,
              json,
              replayed: response.headers.get('idempotent-replayed') === 'true',
            };
          const problem = ProblemSchema.safeParse(json);
          throw new ShiplogApiError(
            response.status,
            problem.success ? problem.data : null,
            `Shiplog answered ${response.status}`,
          );
        }
      }
      if (attempt < attempts - 1) await sleep(retryDelay(response, attempt));
    }
    throw new ShiplogApiError(
      0,
      null,
      `Shiplog at ${base} could not be reached: ${(lastError as Error)?.message ?? 'unknown error'}`,
    );
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

export type ShiplogClient = ShiplogApi;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
