/**
 * The embed: `<script src="{base_url}/widget.js" data-project="<slug>" async></script>` (docs/widget.md#widget). Defines `<shiplog-widget>` and adds one to the page with the script's options; the
 * Shiplog origin is where the script came from.
 */
import { ShiplogWidget } from './shiplog-widget.ts';

if (!customElements.get('shiplog-widget')) customElements.define('shiplog-widget', ShiplogWidget);

const script = document.currentScript as HTMLScriptElement | null;
if (script?.dataset.project) {
  const widget = document.createElement('shiplog-widget');
  widget.setAttribute('project', script.dataset.project);
  widget.setAttribute('api', new URL(script.src, location.href).origin);
  for (const name of [
    'position',
    'theme',
    'selector',
    'component',
    'readerToken',
    'announce',
    'locale',
  ] as const) {
    const value = script.dataset[name];
    if (value) widget.setAttribute(`data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value);
  }
  const mount = () => document.body.append(widget);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
}
