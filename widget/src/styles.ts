/**
 * The widget's styles, adopted into its shadow root as constructable stylesheets: no `<style>`
 * element and no `style` attribute, so a host page's `style-src` without `'unsafe-inline'` allows it.
 * Colours meet WCAG AA in both themes; the accent's text colour is picked for contrast. Motion only
 * when the visitor has not asked for less. An entry's body is capped at 15em (ten lines of text), and
 * one that is taller fades out above its "Read more" link (clip-long-entries.ts). The announcement is a
 * `<dialog>` in the top layer; its `::backdrop` dims the page without moving it.
 */
const BASE = `
:host { all: initial; position: fixed; z-index: 2147483000; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --bg: #ffffff; --fg: #1f2328; --muted: #57606a; --border: #d0d7de; --chip: #eef1f4; --shadow: 0 8px 24px rgba(31,35,40,.2); color-scheme: light; }
:host([data-theme="dark"]) { --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --border: #30363d; --chip: #21262d; --shadow: 0 8px 24px rgba(0,0,0,.6); color-scheme: dark; }
@media (prefers-color-scheme: dark) {
  :host([data-theme="auto"]) { --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --border: #30363d; --chip: #21262d; --shadow: 0 8px 24px rgba(0,0,0,.6); color-scheme: dark; }
}
:host([data-position="bottom-right"]) { right: 20px; bottom: 20px; }
:host([data-position="bottom-left"]) { left: 20px; bottom: 20px; }
:host([data-position="top-right"]) { right: 20px; top: 20px; }
:host([data-position="top-left"]) { left: 20px; top: 20px; }
:host([data-attached]) .launcher { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
button, input { font: inherit; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.launcher { position: relative; display: inline-flex; align-items: center; gap: 8px; padding: 10px 16px; border: 0; border-radius: 999px;
  background: var(--accent); color: var(--on-accent); font-weight: 600; cursor: pointer; box-shadow: var(--shadow); }
.badge { min-width: 22px; padding: 0 6px; border-radius: 999px; background: var(--bg); color: var(--fg); font-size: 12px; line-height: 22px; text-align: center; }
.panel { position: absolute; width: 380px; max-height: min(600px, calc(100vh - 100px)); display: flex; flex-direction: column;
  background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 12px; box-shadow: var(--shadow); overflow: hidden; }
:host([data-position^="bottom"]) .panel { bottom: calc(100% + 12px); }
:host([data-position^="top"]) .panel { top: calc(100% + 12px); }
:host([data-position$="right"]) .panel { right: 0; }
:host([data-position$="left"]) .panel { left: 0; }
:host([data-attached]) .panel { position: fixed; }
:host([data-attached][data-position^="bottom"]) .panel { bottom: 20px; }
:host([data-attached][data-position^="top"]) .panel { top: 20px; }
:host([data-attached][data-position$="right"]) .panel { right: 20px; }
:host([data-attached][data-position$="left"]) .panel { left: 20px; }
.head { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 12px 16px; border-bottom: 1px solid var(--border); }
h2 { margin: 0; font-size: 16px; }
.close { border: 0; background: transparent; color: var(--fg); font-size: 20px; line-height: 1; padding: 4px 8px; border-radius: 6px; cursor: pointer; }
.entries, .results { overflow-y: auto; padding: 4px 16px; }
.empty { color: var(--muted); }
article { padding: 12px 0; border-bottom: 1px solid var(--border); }
article:last-child { border-bottom: 0; }
.meta { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; color: var(--muted); font-size: 12px; }
.chip { padding: 0 8px; border-radius: 999px; background: var(--chip); color: var(--fg); font-weight: 600; }
h3 { margin: 4px 0; font-size: 15px; }
.body { overflow-wrap: anywhere; max-height: 15em; overflow: hidden; }
.body[data-clipped] { mask-image: linear-gradient(to bottom, #000 calc(100% - 3em), transparent); }
.more { display: inline-block; margin-top: 4px; color: var(--fg); font-weight: 600; text-decoration: underline; }
.body.text { white-space: pre-line; }
.body a { color: inherit; text-decoration: underline; }
.body img { max-width: 100%; height: auto; }
.body pre { overflow-x: auto; padding: 8px; background: var(--chip); border-radius: 6px; }
.body :is(h1, h2, h3, h4) { font-size: 14px; margin: 8px 0 4px; }
.reactions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.reaction { display: inline-flex; gap: 4px; align-items: center; padding: 2px 8px; border: 1px solid var(--border); border-radius: 999px;
  background: var(--bg); color: var(--fg); cursor: pointer; }
.reaction[aria-pressed="true"] { border-color: var(--accent); background: var(--chip); }
.reaction[aria-disabled="true"] { cursor: progress; }
form { padding: 12px 16px; border-top: 1px solid var(--border); display: grid; gap: 6px; }
.row { display: flex; gap: 8px; }
input { flex: 1; min-width: 0; padding: 6px 10px; border: 1px solid var(--muted); border-radius: 6px; background: var(--bg); color: var(--fg); }
.subscribe-button { padding: 6px 12px; border: 0; border-radius: 6px; background: var(--accent); color: var(--on-accent); font-weight: 600; cursor: pointer; }
.status { margin: 0; min-height: 1.5em; font-size: 13px; }
.status[data-kind="error"] { color: var(--fg); font-weight: 600; }
.search { padding: 8px 16px; border-top: 0; border-bottom: 1px solid var(--border); }
.summary { margin: 4px 0 0; overflow-wrap: anywhere; }
.announcement { width: min(480px, calc(100vw - 32px)); max-height: min(560px, calc(100vh - 64px)); padding: 0; border: 1px solid var(--border);
  border-radius: 12px; background: var(--bg); color: var(--fg); box-shadow: var(--shadow); overflow: hidden; }
.announcement[open] { display: flex; flex-direction: column; }
.announcement::backdrop { background: rgba(0,0,0,.45); }
.announcement-content { overflow-y: auto; padding: 12px 16px; }
.announcement-body { max-height: none; }
.actions { display: flex; justify-content: flex-end; padding: 12px 16px; border-top: 1px solid var(--border); }
.brand { padding: 6px 16px 10px; font-size: 12px; color: var(--muted); text-align: center; }
.brand a { color: inherit; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (max-width: 480px) {
  .panel { position: fixed !important; top: 0 !important; right: 0 !important; bottom: 0 !important; left: 0 !important;
    width: auto; max-height: none; border-radius: 0; border: 0; }
}
@media (prefers-reduced-motion: no-preference) {
  .launcher, .reaction { transition: transform .12s ease; }
  .launcher:hover { transform: translateY(-1px); }
  .panel, .announcement[open] { animation: shiplog-in .14s ease-out; }
  @keyframes shiplog-in { from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; } }
}
`;

/** White or near-black, whichever contrasts more with `hex` (WCAG relative luminance). */
export function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  // Contrast with white is 1.05/(L+0.05); with #111 about (L+0.05)/0.056.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0561 ? '#ffffff' : '#111111';
}

/** The sheets for `accent` (a `#RRGGBB` from the project settings; anything else falls back). */
export function widgetSheets(accent: string): CSSStyleSheet[] {
  const colour = /^#[0-9a-fA-F]{6}$/.test(accent) ? accent : '#2563eb';
  const base = new CSSStyleSheet();
  base.replaceSync(BASE);
  const theme = new CSSStyleSheet();
  theme.replaceSync(`:host { --accent: ${colour}; --on-accent: ${textOn(colour)}; }`);
  return [base, theme];
}
