/**
 * Steady load on a running `shiplog serve` for fault tests: `writers` loops each publishing entries one
 * after another (POST /api/v1/entries, `publish: true`, one Idempotency-Key per entry; anything but a 201
 * is sent again with the same key after a short pause, as the contract asks of a client), and `readers`
 * loops listing entries. Every answer is tallied by status; a failed connection counts as `network`.
 */
export type Load = {
  /** title → entry id, for every entry answered 201. */
  created: Map<string, string>;
  /** How many answers had `status`. */
  count(status: number): number;
  /** Answers that were neither 200, 201 nor 503 (`"<status> <code>"`, or `"network <error>"`). */
  others(): string[];
  /** 503 answers that were not a problem document with Retry-After. */
  problems503(): string[];
  /** Successful reads sent at or after `since` (ms since the epoch). */
  readsSince(since: number): number;
  /**
   * When a write and a read sent at or after `since` had both succeeded (ms since the epoch: the later
   * of the first of each); Infinity until then.
   */
  recoveredAt(since: number): number;
  /** Stop the loops and wait for their last requests. */
  stop(): Promise<void>;
};

const PAUSE_MS = 100;

export function startLoad(
  baseUrl: string,
  apiKey: string,
  options: { writers: number; readers: number },
): Load {
  const created = new Map<string, string>();
  const statuses = new Map<number, number>();
  const others: string[] = [];
  const bad503: string[] = [];
  const successes: { sent: number; done: number; read: boolean }[] = [];
  let running = true;
  const auth = { authorization: `Bearer ${apiKey}` };

  async function send(
    url: string,
    init: RequestInit,
    read: boolean,
  ): Promise<{ status: number; text: string } | undefined> {
    const sent = Date.now();
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      others.push(`network ${cause?.code ?? (err as Error).name}`);
      return undefined;
    }
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = await res.text();
    if (res.status === 200 || res.status === 201) successes.push({ sent, done: Date.now(), read });
    else if (res.status === 503) {
      if (
        !/^application\/problem\+json/.test(res.headers.get('content-type') ?? '') ||
        !res.headers.get('retry-after')
      )
        bad503.push(text.slice(0, 200));
    } else others.push(`${res.status} ${text.slice(0, 200)}`);
    return { status: res.status, text };
  }

  async function writer(w: number): Promise<void> {
    for (let i = 0; running; i++) {
      const title = `Fault entry w${w}-${i}`;
      while (running) {
        const res = await send(
          `${baseUrl}/api/v1/entries`,
          {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `w${w}-${i}` },
            body: JSON.stringify({ title, body: `Entry ${i} of writer ${w}.`, publish: true }),
          },
          false,
        );
        if (res?.status === 201) {
          created.set(title, (JSON.parse(res.text) as { entry: { id: string } }).entry.id);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
  }

  async function reader(): Promise<void> {
    while (running) {
      const res = await send(`${baseUrl}/api/v1/entries?limit=5`, { headers: auth }, true);
      if (res?.status !== 200) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }

  const loops = [
    ...Array.from({ length: options.writers }, (_, w) => writer(w)),
    ...Array.from({ length: options.readers }, () => reader()),
  ];
  return {
    created,
    count: (status) => statuses.get(status) ?? 0,
    others: () => [...others],
    problems503: () => [...bad503],
    readsSince: (since) => successes.filter((s) => s.read && s.sent >= since).length,
    recoveredAt(since) {
      const first = (read: boolean) =>
        Math.min(...successes.filter((s) => s.read === read && s.sent >= since).map((s) => s.done));
      return Math.max(first(true), first(false));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
