/**
 * A live preview of the real widget: the server's `/widget.js` (loaded once; it defines
 * `<shiplog-widget>`), shown with the unsaved position and theme as the embed's `data-position` and
 * `data-theme` overrides, and no announcement dialog (`data-announce="off"`). The accent is the saved one inside the widget; the launcher shows the unsaved
 * one through `::part(launcher)` (set with CSSOM, which the CSP allows). The frame is transformed, so
 * the widget's fixed position is relative to it rather than to the page. A changelog for identified
 * readers only answers the widget nothing without a reader token, which the dashboard does not have:
 * it says so instead (and shows nothing until it knows the project's access).
 */
import { createElement, useEffect, useRef, useState } from 'react';

let loading: Promise<void> | null = null;

function loadWidgetScript(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    if (customElements.get('shiplog-widget')) return resolve();
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The widget script did not load'));
    document.head.append(script);
  });
  return loading;
}

type Props = {
  slug: string;
  accent: string;
  position: string;
  theme: string;
  /** Whether only identified readers may read the changelog; undefined while that is being asked. */
  identified: boolean | undefined;
};

export function WidgetPreview({ slug, accent, position, theme, identified }: Props) {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    loadWidgetScript().then(
      () => setReady(true),
      () => setFailed(true),
    );
  }, []);
  useEffect(() => {
    frame.current?.style.setProperty('--preview-accent', accent);
  }, [accent]);
  return (
    <section className="card widget-preview" aria-labelledby="widget-preview-heading">
      <h2 id="widget-preview-heading">Widget preview</h2>
      <p className="hint">The real widget, as your site will show it (published entries only).</p>
      {identified && (
        <p>
          Only identified readers may read this changelog: the widget shows on your pages with a reader token
          (see Readers below), so there is no preview here.
        </p>
      )}
      <div className="widget-frame" ref={frame} data-theme={theme} hidden={identified}>
        {failed && <p role="alert">The widget script did not load.</p>}
        {ready &&
          identified === false &&
          createElement('shiplog-widget', {
            key: `${position}-${theme}`,
            project: slug,
            api: window.location.origin,
            'data-position': position,
            'data-theme': theme,
            // An announcement would open over the dashboard itself.
            'data-announce': 'off',
          })}
      </div>
    </section>
  );
}
