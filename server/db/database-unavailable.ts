/**
 * Whether an error means that the database cannot be reached right now (it is restarting, down, or the
 * network to it is), as opposed to a fault in the query: such a request can succeed if retried later.
 *
 * Sources: the `postgres` driver's own connection error codes (CONNECT_TIMEOUT, CONNECTION_CLOSED,
 * CONNECTION_ENDED, CONNECTION_DESTROYED), the socket's errno codes, and PostgreSQL's SQLSTATEs of class
 * 08 (connection exception), 57P01–57P03 (the server shutting down or starting: "admin_shutdown",
 * "crash_shutdown", "cannot_connect_now") and 53300 (too_many_connections), PostgreSQL Appendix A.
 */

const DRIVER_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `err` (or its cause, or one of an AggregateError's errors) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const code = codeOf(err);
  if (code && (DRIVER_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
  if (code && /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable((err as { cause?: unknown }).cause, depth + 1);
}
