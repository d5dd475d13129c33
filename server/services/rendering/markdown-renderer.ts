/**
 * Renders entry bodies in a pool of worker threads with a time budget (docs/api.md#input-rules: rendering
 * Markdown never blocks the server). marked's emphasis parsing is quadratic on crafted input
 * (`"_a" × 49 000` takes seconds) and its blockquote parser recurses (`">" × 99 000` overflows the
 * stack); in a worker, neither delays another request. A render that overruns the budget is aborted
 * (Piscina terminates that worker and starts another) and, like one that overflows, is
 * `400 invalid` on `/body`, and so is a body nested deeper than `MAX_NESTING` levels (render-markdown.ts):
 * whatever the route (create, update, generate, translations, import, the changelog preview), one
 * renderer and one limit.
 *
 * The budget counts rendering only: the worker says when it starts, and the clock starts then, so
 * time spent waiting for a thread (or for a new one to start) is never charged to a body. Renders are
 * queued per project and handed to threads round-robin across projects, one project holding at most
 * half of the threads: whatever one project sends, another's body starts within one budget at most
 * (at once while the other half is free).
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { InvalidError } from '../../errors/errors.ts';
import type { ReadChangelog, RenderedNotes, RenderTask } from './render-markdown-worker.ts';

export type MarkdownRenderer = {
  /**
   * @param projectId whose body it is: renders are fair across projects (callers that give none
   *   share one queue).
   * @returns sanitized HTML. @throws InvalidError (`/body`) when the body is too complex to render.
   */
  render(markdown: string, projectId?: string): Promise<string>;
  /**
   * An imported release's notes: rendered like a body (same queue, budget and limit), with what they
   * lead with (lead-of-notes.ts). @throws InvalidError (`/body`) when too complex to render.
   */
  renderNotes(markdown: string, projectId?: string): Promise<RenderedNotes>;
  /**
   * A whole changelog read as the import reads it (core/parse-changelog.ts; reStructuredText, by its
   * file name `path` or its text, converted first), with a body's queue, budget and nesting limit.
   * @throws InvalidError (`/body`) when too complex to read.
   */
  parseChangelog(markdown: string, projectId?: string, path?: string | null): Promise<ReadChangelog>;
  close(): Promise<void>;
};

/**
 * Starts one render's budget of `ms` milliseconds: calls `expire` when it runs out, unless the returned
 * function (called when the render ends) stops it first. The default is the wall clock; tests give
 * their own clock, so that what they check does not depend on the machine's speed.
 */
export type BudgetTimer = (ms: number, expire: () => void) => () => void;

const wallClock: BudgetTimer = (ms, expire) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

/** The worker's exports: `render` (its default), `renderNotes` and `parseChangelog`. */
type TaskName = 'default' | 'renderNotes' | 'parseChangelog';

// Source (.ts, run by Node's type stripping) or build output (.js): the worker sits beside this file.
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

function tooComplex(): InvalidError {
  return new InvalidError('body: too complex to render', [
    { pointer: '/body', detail: 'too complex to render' },
  ]);
}

type Waiting = {
  markdown: string;
  path: string | null;
  name: TaskName;
  resolve: (result: unknown) => void;
  reject: (err: unknown) => void;
};

/**
 * @param timeoutMs the budget of one render, rendering time only, in milliseconds.
 * @param threads the pool's size (at least 2); default: the machine's parallelism, at least 2.
 * @param timer starts each render's budget (default: the wall clock).
 */
export function createMarkdownRenderer(
  timeoutMs: number,
  threads?: number,
  timer: BudgetTimer = wallClock,
): MarkdownRenderer {
  const size = Math.max(2, threads ?? availableParallelism());
  const perProject = Math.max(1, Math.floor(size / 2));
  const pool = new Piscina<RenderTask, unknown>({
    filename: new URL(`./render-markdown-worker${extension}`, import.meta.url).href,
    minThreads: size,
    maxThreads: size,
    idleTimeout: 60_000,
  });
  /** Queued renders per project, in arrival order; the map's order is the round-robin order. */
  const queues = new Map<string, Waiting[]>();
  const running = new Map<string, number>();
  let busy = 0;

  function next(): [string, Waiting] | undefined {
    for (const [key, queue] of queues) {
      if ((running.get(key) ?? 0) >= perProject) continue;
      const task = queue.shift()!;
      // This project goes to the back of the round.
      queues.delete(key);
      if (queue.length > 0) queues.set(key, queue);
      return [key, task];
    }
    return undefined;
  }

  function dispatch(): void {
    while (busy < size) {
      const picked = next();
      if (!picked) return;
      const [key, task] = picked;
      busy++;
      running.set(key, (running.get(key) ?? 0) + 1);
      void run(task)
        .then(task.resolve, task.reject)
        .finally(() => {
          busy--;
          const left = running.get(key)! - 1;
          if (left === 0) running.delete(key);
          else running.set(key, left);
          dispatch();
        });
    }
  }

  async function run({ markdown, path, name }: Waiting): Promise<unknown> {
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let stop = () => {};
    port1.once('message', () => {
      stop = timer(timeoutMs, () => abort.abort());
    });
    try {
      return await pool.run(
        { markdown, path, started: port2 },
        { name, signal: abort.signal, transferList: [port2] },
      );
    } catch (err) {
      // A stack overflow, or the nesting limit (lexMarkdown), in the worker: both are RangeErrors.
      if (abort.signal.aborted || err instanceof RangeError) throw tooComplex();
      throw err;
    } finally {
      stop();
      port1.close();
    }
  }

  function enqueue(
    markdown: string,
    name: TaskName,
    projectId: string,
    path: string | null = null,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiting = { markdown, path, name, resolve, reject };
      const queue = queues.get(projectId);
      if (queue) queue.push(waiting);
      else queues.set(projectId, [waiting]);
      dispatch();
    });
  }

  return {
    render: (markdown, projectId = '') => enqueue(markdown, 'default', projectId) as Promise<string>,
    renderNotes: (markdown, projectId = '') =>
      enqueue(markdown, 'renderNotes', projectId) as Promise<RenderedNotes>,
    parseChangelog: (markdown, projectId = '', path = null) =>
      enqueue(markdown, 'parseChangelog', projectId, path) as Promise<ReadChangelog>,
    close: () => pool.destroy(),
  };
}
