/**
 * Poll `probe` every `intervalMs` until it answers something other than `undefined` or `false`, and
 * return that answer. Past `timeoutMs` it throws `<what>: not within <timeoutMs> ms`: a bound on a wait
 * for work done elsewhere (a job, a child process, a socket), never a timing assertion.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
