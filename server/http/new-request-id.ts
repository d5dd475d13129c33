/**
 * Request ids (`X-Request-Id` and a problem document's `requestId`, docs/api.md#errors): `req_`, 12
 * characters drawn once per process (72 random bits, base64url) and a base-36 count of the process's
 * requests, e.g. `req_q3X9aK0bT1vz1k`. Unique across instances and restarts, opaque, and cheap: the
 * TypeID of a UUIDv7 they were before cost each widget hit a random draw and a base-32 encoding, about
 * 4% of the hot path's time (bench/widget-throughput.ts). Like Stripe's `req_…`, they are not sortable.
 */
import { randomBytes } from 'node:crypto';

const PROCESS_PART = randomBytes(9).toString('base64url');
let count = 0;

/** A new request id: `req_<12 characters of this process><count in base 36>`. */
export function newRequestId(): string {
  count += 1;
  return `req_${PROCESS_PART}${count.toString(36)}`;
}
