/**
 * Reads one sample of a Prometheus text exposition (format 0.0.4): the value of `name` whose labels
 * include every pair of `labels`, summed over the samples that match (0 when none does).
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => pairs[k] === v)) sum += Number(match[3]);
  }
  return sum;
}
