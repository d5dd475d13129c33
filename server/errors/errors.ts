/**
 * Typed errors. Anything in the server may throw these; `plugins/errors.ts` is the one place that turns
 * them into RFC 9457 problem documents (docs/api.md#errors).
 */
import { type FieldError, PROBLEM_CODES, type ProblemCode } from '../../core/contract/problem.ts';

export class ShiplogError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  /** Extra response headers (WWW-Authenticate, Retry-After, …). */
  readonly headers: Record<string, string>;
  readonly errors: FieldError[] | undefined;

  constructor(
    code: ProblemCode,
    detail: string,
    options: { headers?: Record<string, string>; errors?: FieldError[]; cause?: unknown } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = PROBLEM_CODES[code].status;
    this.headers = options.headers ?? {};
    this.errors = options.errors;
  }
}

/** 400: one `FieldError` per failing field, `pointer` a JSON Pointer (RFC 6901). */
export class InvalidError extends ShiplogError {
  constructor(detail: string, errors: FieldError[]) {
    super('invalid', detail, { errors });
  }
}

export class UnauthorizedError extends ShiplogError {
  constructor(detail = 'A valid API key is required: send Authorization: Bearer shl_…') {
    super('unauthorized', detail, { headers: { 'www-authenticate': 'Bearer realm="shiplog"' } });
  }
}

export class UpgradeRequiredError extends ShiplogError {
  /** @param slug the project, to name the command that upgrades it. */
  constructor(slug: string) {
    super(
      'upgrade_required',
      `The free plan does not include the API; upgrade the project with: npx shiplog projects update ${slug} --plan pro`,
    );
  }
}

export class QuotaExceededError extends ShiplogError {
  constructor(detail: string) {
    super('quota_exceeded', detail);
  }
}

/** 403: authenticated, but the role (or membership, or CSRF proof) does not allow the request. */
export class ForbiddenError extends ShiplogError {
  constructor(detail: string) {
    super('forbidden', detail);
  }
}

export class NotFoundError extends ShiplogError {
  constructor(detail = 'Not found') {
    super('not_found', detail);
  }
}

/**
 * 405: the path exists, but not with this method (a path with no route at all is a 404). `Allow`
 * lists the methods it has (RFC 9110 §15.5.6, §10.2.1).
 * @param allowed methods of the path, in the order to list them.
 */
export class MethodNotAllowedError extends ShiplogError {
  constructor(method: string, path: string, allowed: readonly string[]) {
    super('method_not_allowed', `${path} does not take ${method}; it takes ${allowed.join(', ')}`, {
      headers: { allow: allowed.join(', ') },
    });
  }
}

export class ConflictError extends ShiplogError {
  constructor(detail: string) {
    super('conflict', detail);
  }
}

export class IdempotencyKeyReusedError extends ShiplogError {
  constructor() {
    super(
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request in the last 24 hours',
    );
  }
}

export class PayloadTooLargeError extends ShiplogError {
  constructor(detail: string) {
    super('payload_too_large', detail);
  }
}

export class UnsupportedMediaTypeError extends ShiplogError {
  constructor(detail = 'Send the body as JSON with Content-Type: application/json') {
    super('unsupported_media_type', detail);
  }
}

/** 429 with `Retry-After` in whole seconds (RFC 9110 §10.2.3). */
export class RateLimitedError extends ShiplogError {
  constructor(retryAfterSeconds: number, headers: Record<string, string> = {}) {
    super('rate_limited', `Rate limit exceeded; retry in ${retryAfterSeconds} s`, {
      headers: { ...headers, 'retry-after': String(retryAfterSeconds) },
    });
  }
}

export class GenerationFailedError extends ShiplogError {
  constructor(detail: string, cause?: unknown) {
    super('generation_failed', detail, { cause });
  }
}

export class AiUnavailableError extends ShiplogError {
  constructor(detail: string, retryAfterSeconds: number, cause?: unknown) {
    super('ai_unavailable', detail, { headers: { 'retry-after': String(retryAfterSeconds) }, cause });
  }
}

/** 503 while the database cannot be reached; `Retry-After` in whole seconds. */
export class ServiceUnavailableError extends ShiplogError {
  constructor(retryAfterSeconds: number, cause?: unknown) {
    super(
      'service_unavailable',
      `The database cannot be reached right now; retry in ${retryAfterSeconds} s`,
      {
        headers: { 'retry-after': String(retryAfterSeconds) },
        cause,
      },
    );
  }
}
