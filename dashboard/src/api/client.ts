/**
 * The dashboard's one HTTP client: same-origin JSON calls to /api/dashboard and /api/v1, with the
 * session cookie (sent by the browser), the session's CSRF token on every state-changing call, and
 * `Shiplog-Project` naming the project of /api/v1 calls (docs/api.md#dashboard-api). Failures become
 * `ApiError`s carrying the problem document (RFC 9457) the server answered. The resource modules beside
 * this one (entries.ts, keys.ts, …) hold every address, query key and hook; pages call those hooks.
 */
import { fieldMessage, type Labels } from '../problem-messages.ts';
import type { ProblemDocument } from '../types.ts';

let csrfToken: string | null = null;

/** Remember the session's CSRF token (from the session, sign-in, setup or invitation answers). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: ProblemDocument;
  constructor(status: number, problem: ProblemDocument) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
  /**
   * The sentence about one field (`/email`, `/password`, …), if the server named it; `labels` names
   * fields whose label is not the pointer's words (problem-messages.ts).
   */
  fieldError(pointer: string, labels: Labels = {}): string | undefined {
    return fieldMessage(this, pointer, labels);
  }
}

type Options = { method?: string; body?: unknown; project?: string; raw?: Blob };

/** Call `path`; resolves to the parsed JSON (undefined for 204). @throws ApiError. */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.project) headers['shiplog-project'] = options.project;
  let body: BodyInit | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.type || 'application/octet-stream';
    body = options.raw;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const problem = (json ?? { title: res.statusText }) as ProblemDocument;
    throw new ApiError(res.status, problem);
  }
  return json as T;
}

/** A /api/v1 call on the session, for `project`. */
export const v1 = <T>(project: string, path: string, options: Omit<Options, 'project'> = {}) =>
  api<T>(`/api/v1${path}`, { ...options, project });

/** `/api/dashboard/projects/{slug}` and what follows it (`/keys`, `/members/…`). */
export const projectPath = (slug: string, tail = '') =>
  `/api/dashboard/projects/${encodeURIComponent(slug)}${tail}`;

/** One path segment (an id, a token) as it goes into an address. */
export const segment = encodeURIComponent;
