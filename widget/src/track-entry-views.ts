/**
 * Views per entry (docs/api.md#public-engagement-no-key-cors-, `view` with `entryId`): an entry counts as seen
 * once at least half of it shows in the open panel's list, or it fills half the list's height (an entry
 * taller than twice the list never shows half of itself). Each entry counts once per page load. An
 * IntersectionObserver on each entry, with the list as its root: nothing is reported while the panel
 * is hidden, and an entry scrolled into view later counts then.
 */
export function trackEntryViews(list: HTMLElement, seen: (entryId: string) => void): void {
  const counted = new Set<string>();
  const observer = new IntersectionObserver(
    (records) => {
      for (const { target, isIntersecting, intersectionRatio, intersectionRect, rootBounds } of records) {
        const half =
          intersectionRatio >= 0.5 || (rootBounds && intersectionRect.height >= rootBounds.height / 2);
        const id = (target as HTMLElement).dataset.entry;
        if (!isIntersecting || !half || !id || counted.has(id)) continue;
        counted.add(id);
        observer.unobserve(target);
        seen(id);
      }
    },
    { root: list, threshold: [0.25, 0.5, 0.75, 1] },
  );
  for (const entry of list.querySelectorAll('article[data-entry]')) observer.observe(entry);
}
