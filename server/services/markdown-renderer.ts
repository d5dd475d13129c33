/**
 * Renders entry bodies in a pool of worker threads with a time budget (CONTRACT.md "General": rendering
 * Markdown never blocks the server). marked's emphasis parsing is quadratic on crafted input
 * (`"_a" × 49 000` takes seconds) and its blockquote parser recurses (`">" × 99 000` overflows the
 * stack); in a worker, neither delays another request. A render that overruns the budget is aborted
 * (Piscina terminates that worker and starts another) and, like one that overflows, is
 * `400 invalid` on `/body`.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { InvalidError } from '../errors.ts';

export type MarkdownRenderer = {
  /** @returns sanitized HTML. @throws InvalidError (`/body`) when the body is too complex to render. */
  render(markdown: string): Promise<string>;
  close(): Promise<void>;
};

// Source (.ts, run by Node's type stripping) or build output (.js): the worker sits beside this file.
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

function tooComplex(): InvalidError {
  return new InvalidError('body: too complex to render', [
    { pointer: '/body', detail: 'too complex to render' },
  ]);
}

/** @param timeoutMs the budget of one render, queueing included, in milliseconds. */
export function createMarkdownRenderer(timeoutMs: number): MarkdownRenderer {
  const pool = new Piscina<string, string>({
    filename: new URL(`./render-markdown-worker${extension}`, import.meta.url).href,
    minThreads: 1,
    maxThreads: Math.max(2, availableParallelism()),
    idleTimeout: 60_000,
  });
  return {
    async render(markdown) {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        return await pool.run(markdown, { signal });
      } catch (err) {
        if (signal.aborted || err instanceof RangeError) throw tooComplex();
        throw err;
      }
    },
    close: () => pool.destroy(),
  };
}
