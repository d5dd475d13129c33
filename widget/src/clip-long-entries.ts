/**
 * Long entries: the stylesheet caps an entry's body (`.body`, max-height in styles.ts) and this shows
 * its "Read more" link (`.more`, the body's next sibling) and the fade (`data-clipped`) only while the
 * body's content is taller than that cap. Measured by a ResizeObserver, so it holds once the panel is
 * first laid out (it is built hidden), when an image in the entry loads, and when the panel changes
 * width (the full-screen sheet of a narrow screen).
 */
export function clipLongEntries(list: HTMLElement): void {
  const observer = new ResizeObserver((records) => {
    for (const { target } of records) {
      const body = target.closest<HTMLElement>('.body');
      if (!body) continue;
      const more = body.nextElementSibling as HTMLElement | null;
      // A rounding pixel is not overflow.
      const clipped = body.scrollHeight > body.clientHeight + 1;
      body.toggleAttribute('data-clipped', clipped);
      if (more?.classList.contains('more')) more.hidden = !clipped;
    }
  });
  for (const body of list.querySelectorAll<HTMLElement>('.body')) {
    observer.observe(body);
    // Content that grows past the cap no longer changes the body's own size: images are watched too.
    for (const img of body.querySelectorAll('img')) observer.observe(img);
  }
}
