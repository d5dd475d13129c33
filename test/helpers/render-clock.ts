/**
 * Rendering budgets on a clock the test moves (the renderer's `timer`, markdown-renderer.ts), never on
 * the wall clock: a test of the budget then does not depend on how fast or how busy the machine is.
 */
import {
  type BudgetTimer,
  createMarkdownRenderer,
} from '../../server/services/rendering/markdown-renderer.ts';
import type { TestServer } from './build-server.ts';

export type RenderClock = {
  /** Starts a budget on this clock (give it to the renderer). */
  timer: BudgetTimer;
  /** Budgets running now: renders started and not ended. */
  readonly running: number;
  /** Renders asked for through the server's renderer since the last {@link RenderClock.reset}. */
  readonly asked: number;
  /** Moves the clock: every budget that ends by then expires (its render is aborted). */
  advance(ms: number): void;
  /** Called each time a render ends before its budget (default: nothing). */
  onStop: () => void;
  reset(): void;
};

export function renderClock(): RenderClock {
  let now = 0;
  const budgets = new Set<{ end: number; expire: () => void }>();
  const clock: RenderClock & { asked: number } = {
    timer: (ms, expire) => {
      const budget = { end: now + ms, expire };
      budgets.add(budget);
      return () => {
        if (budgets.delete(budget)) clock.onStop();
      };
    },
    get running() {
      return budgets.size;
    },
    asked: 0,
    advance(ms) {
      now += ms;
      for (const budget of [...budgets])
        if (budget.end <= now) {
          budgets.delete(budget);
          budget.expire();
        }
    },
    onStop: () => {},
    reset() {
      clock.asked = 0;
      clock.onStop = () => {};
    },
  };
  return clock;
}

/**
 * Replaces the server's renderer (closing its own) with one of `threads` threads and a budget of
 * `budgetMs` on `clock`; services reach it through the context, as they reach the one it replaces.
 */
export async function renderOnClock(
  server: TestServer,
  clock: RenderClock,
  budgetMs: number,
  threads = 2,
): Promise<void> {
  const renderer = createMarkdownRenderer(budgetMs, threads, clock.timer);
  const ctx = server.app.shiplog;
  await ctx.markdown.close();
  const counted = clock as RenderClock & { asked: number };
  ctx.markdown = {
    ...renderer,
    render: (markdown, projectId) => {
      counted.asked++;
      return renderer.render(markdown, projectId);
    },
  };
}
