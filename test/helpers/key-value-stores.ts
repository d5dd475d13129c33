/** Stand-ins for the widget's localStorage (widget/src/last-seen.ts `KeyValueStore`), for its unit tests. */
import type { KeyValueStore } from '../../widget/src/last-seen.ts';

/** A store kept in `data` (a Map the test can read), starting with `initial`. */
export function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** Storage that refuses, as a browser does with storage blocked (reading) or full (writing). */
export const refusing: KeyValueStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};
