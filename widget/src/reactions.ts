/**
 * Reaction buttons: the count changes at once (optimistic), the server's answer then wins, and an
 * error puts the button back as it was and says why. Which reactions are the visitor's own is kept in
 * localStorage, for `aria-pressed` on the next visit. While its request runs a button is
 * `aria-disabled` and ignores clicks, but keeps focus: a `disabled` button would drop it to the page,
 * out of the dialog, where Escape no longer closes the panel.
 */
import { type Api, WidgetApiError } from './api.ts';
import type { KeyValueStore } from './last-seen.ts';
import { reactionWords } from './render-entry.ts';

/**
 * Which reactions are the reader's own: an identified reader's from the server (`server`, entry id →
 * emoji, the same on every device; their reactions are stored by the server), an anonymous reader's
 * from localStorage.
 */
export function reactedStore(
  store: KeyValueStore | null,
  project: string,
  server?: Record<string, readonly string[]>,
) {
  const key = `shiplog:${project}:reacted`;
  let mine = new Set<string>();
  if (server) {
    for (const [entryId, emoji] of Object.entries(server)) for (const e of emoji) mine.add(`${entryId} ${e}`);
    store = null;
  } else {
    try {
      mine = new Set(JSON.parse(store?.getItem(key) ?? '[]') as string[]);
    } catch {
      // Unreadable: nothing pressed.
    }
  }
  return {
    has: (entryId: string, emoji: string) => mine.has(`${entryId} ${emoji}`),
    set(entryId: string, emoji: string, on: boolean) {
      if (on) mine.add(`${entryId} ${emoji}`);
      else mine.delete(`${entryId} ${emoji}`);
      try {
        store?.setItem(key, JSON.stringify([...mine].slice(-500)));
      } catch {
        // Storage refused: remembered for this page only.
      }
    },
  };
}

function show(button: HTMLButtonElement, count: number, pressed: boolean) {
  button.setAttribute('aria-pressed', String(pressed));
  const counter = button.querySelector('.count');
  if (counter) counter.textContent = String(count);
  const words = button.querySelector('.words');
  if (words) words.textContent = reactionWords(count);
}

export async function toggleReaction(
  button: HTMLButtonElement,
  api: Api,
  anonymousId: string,
  mine: ReturnType<typeof reactedStore>,
  announce: (message: string) => void,
): Promise<void> {
  if (button.getAttribute('aria-disabled') === 'true') return;
  const entryId = button.dataset.entry ?? '';
  const emoji = button.dataset.emoji ?? '';
  const before = Number(button.querySelector('.count')?.textContent ?? '0');
  const wasPressed = button.getAttribute('aria-pressed') === 'true';
  show(button, Math.max(0, before + (wasPressed ? -1 : 1)), !wasPressed);
  button.setAttribute('aria-disabled', 'true');
  try {
    const { reacted, count } = await api.react(entryId, emoji, anonymousId);
    show(button, count, reacted);
    mine.set(entryId, emoji, reacted);
  } catch (err) {
    show(button, before, wasPressed);
    const wait = err instanceof WidgetApiError && err.status === 429 ? err.retryAfter : null;
    announce(
      wait ? `Too many reactions: try again in ${wait} s.` : 'The reaction could not be saved. Try again.',
    );
  } finally {
    button.removeAttribute('aria-disabled');
  }
}
