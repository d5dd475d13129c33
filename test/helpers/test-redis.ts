/**
 * The Redis a test may use: `REDIS_URL` (CI sets it to the machine's, redis://127.0.0.1:6379), or none.
 * `npm test` needs nothing outside the repository: without REDIS_URL the tests that need Redis are
 * skipped, and their names say why.
 */
export const TEST_REDIS_URL: string | undefined = process.env.REDIS_URL || undefined;

/** Appended to the name of a test or suite that needs Redis. */
export const NEEDS_REDIS = '(needs Redis: set REDIS_URL, as CI does)';

/** Host and port of {@link TEST_REDIS_URL}, for ioredis and raw sockets. */
export function testRedisAddress(): { host: string; port: number } {
  const url = new URL(TEST_REDIS_URL!);
  return { host: url.hostname, port: Number(url.port || 6379) };
}
