/**
 * A live preview of the real widget: the server's `/widget.js` (loaded once; it defines
 * `<shiplog-widget>`), shown with the unsaved position and theme as the embed's `data-position` and
 * `data-theme` overrides. The accent is the saved one inside the widget; the launcher shows the unsaved
 * one through `::part(launcher)` (set with CSSOM, which the CSP allows). The frame is transformed, so
 * the widget's fixed position is relative to it rather than to the page.
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

type Props = { slug: string; accent: string; position: string; theme: string };

export function WidgetPreview({ slug, accent, position, theme }: Props) {
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
      <div className="widget-frame" ref={frame} data-theme={theme}>
        {failed && <p role="alert">The widget script did not load.</p>}
        {ready &&
          createElement('shiplog-widget', {
            key: `${position}-${theme}`,
            project: slug,
            api: window.location.origin,
            'data-position': position,
            'data-theme': theme,
          })}
      </div>
    </section>
  );
}
