/**
 * Styles of `<dsh-agent>`: tokens live here so every part inherits one theme. The widget is a
 * grid with named areas (header, notices, body, composer) whose rows never shift; a side panel
 * overlays the body area and scrolls inside it. Launcher mode floats the widget over the page
 * (a full-height sheet below 600 px). Below 600 px of widget width every control is a 44 px
 * touch target. Plane: main.
 * @module components/dsh-agent/styles
 */
import { css } from 'lit'
import { base, tokens } from '../theme/index.ts'

export const agentStyles = [tokens, base, css`
  /* The host's own height (a site's \`style="height: …"\` or stylesheet) sizes the widget; 600 px when it gives none. */
  :host { display: block; min-width: 0; max-width: 100%; container: dsh-agent / inline-size; height: var(--dsh-agent-height, 600px);
    background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); }
  /* Launcher: the host keeps no box in the page; the floating panel carries it. */
  :host([mode='launcher']) { background: none; border: 0; height: auto; }
  /* A tall question card takes at most 40 % of the height and scrolls inside its own row: it never covers the composer, the conversation keeps the rest. */
  .base { display: grid; grid-template: 'header' auto 'banners' auto 'notices' auto 'body' minmax(0, 1fr) 'question' fit-content(40%) 'composer' auto / minmax(0, 1fr);
    height: 100%; min-width: 0; overflow: hidden; border-radius: inherit; }
  .header { grid-area: header; position: relative; display: flex; flex-wrap: nowrap; gap: 4px var(--_gap); align-items: center; padding: 6px 10px; border-bottom: 1px solid var(--_border); min-width: 0; }
  [part~='title'] { font-weight: 600; flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .tools { display: flex; gap: 4px; flex-wrap: wrap; }
  .more { display: none; }
  .dots, .dots::before, .dots::after { display: inline-block; width: 4px; height: 4px; border-radius: 50%; background: currentColor; vertical-align: middle; }
  .dots { position: relative; }
  .dots::before, .dots::after { content: ''; position: absolute; top: 0; }
  .dots::before { left: -7px; }
  .dots::after { left: 7px; }
  /* A button's min-width (the tap target) replaces flex's content minimum: keep labels whole, wrap instead. */
  .tools > button { flex-shrink: 0; }
  [part~='close-button'] { margin-inline-start: auto; }
  /* The banners row: under the header, so the header keeps one row; a long stack scrolls inside it. */
  .banners { grid-area: banners; display: flex; flex-direction: column; gap: 4px; padding: 4px 10px; border-bottom: 1px solid var(--_border); max-height: 9em; overflow: auto; }
  .banners:empty { display: none; }
  [part~='storage-banner'] { color: var(--_danger); font-size: 0.85em; }
  [part~='read-only-banner'] { font-size: 0.85em; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  [part~='workspace-banner'] { color: var(--_muted); font-size: 0.85em; overflow-wrap: anywhere; }
  [part~='network-status'] { display: inline-flex; gap: 5px; align-items: center; color: var(--_muted); font-size: 0.85em; white-space: nowrap; min-width: 0; }
  .network-text { overflow: hidden; text-overflow: ellipsis; }
  [part~='network-status'] .dot { flex-shrink: 0; width: 8px; height: 8px; border-radius: 50%; background: var(--_accent); }
  [part~='network-status'][data-online='false'] .dot { background: var(--_danger); }
  [part~='offline-banner'], [part~='offline-unavailable'], [part~='update-notice'] { font-size: 0.85em; overflow-wrap: anywhere; }
  [part~='offline-banner'], [part~='offline-unavailable'] { color: var(--_muted); }
  [part~='update-notice'] { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  .icon { min-width: 44px; min-height: 44px; padding: 0; line-height: 1; }
  /* The find button's magnifier, drawn in CSS (the widget renders no SVG). */
  .magnifier { display: inline-block; position: relative; width: 11px; height: 11px; border: 2px solid currentColor; border-radius: 50%; margin: -3px 3px 0 0; vertical-align: middle; }
  .magnifier::after { content: ''; position: absolute; left: 10px; top: 8px; width: 2px; height: 7px; background: currentColor; transform: rotate(-45deg); }
  .notices { grid-area: notices; padding: 6px 10px 0; display: flex; flex-direction: column; gap: 6px; max-height: 12em; overflow: auto; }
  [part~='error-notice'] { display: flex; gap: 8px; align-items: flex-start; padding: 6px 6px 6px 10px; border: 1px solid var(--_danger);
    border-radius: calc(var(--_radius) / 1.5); background: var(--_surface); font-size: 0.9em; overflow-wrap: anywhere; }
  .notice-text { flex: 1; min-width: 0; padding-top: 4px; }
  .notice-text details { color: var(--_muted); font-size: 0.9em; }
  .notice-text summary { cursor: pointer; }
  .body { grid-area: body; overflow-y: auto; overscroll-behavior: contain; padding: 10px; min-width: 0; }
  .panel { grid-area: body; z-index: 1; justify-self: end; width: min(100%, 380px); min-width: 0; overflow: auto; overscroll-behavior: contain;
    padding: 8px 10px; background: var(--_bg); border-left: 1px solid var(--_border); }
  .panel-bar { display: flex; justify-content: flex-end; align-items: center; gap: var(--_gap); margin-bottom: 4px; }
  .reply-notice { flex: 1; margin: 0; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; font-size: 0.9em; }
  ::slotted([slot='logo']) { display: block; max-height: 28px; max-width: 96px; flex-shrink: 0; }
  /* The agent's question: its own row above the composer (empty row when none), scrolling when long so the conversation stays in view. */
  dsh-question-card { grid-area: question; min-height: 0; overflow-y: auto; overscroll-behavior: contain; padding: 8px 10px 0; min-width: 0; }
  dsh-composer { grid-area: composer; padding: 8px 10px; border-top: 1px solid var(--_border); min-width: 0; }
  .empty { display: flex; flex-direction: column; align-items: center; text-align: center; gap: var(--_gap); padding: 24px 4px 8px; }
  [part~='heading'] { font-size: 1.15em; margin: 0; }
  .chips { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: var(--_gap); }
  [part~='suggestion'] { min-height: 44px; border-radius: 22px; padding: 6px 14px; text-align: start; overflow-wrap: anywhere; }
  .model-line { color: var(--_muted); font-size: 0.85em; margin: 0; }
  .launcher { position: fixed; right: 16px; bottom: 16px; z-index: 2147483000; min-height: 48px; padding: 0 18px; border-radius: 24px;
    background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); box-shadow: 0 4px 14px rgb(0 0 0 / 0.25); }
  :host([mode='launcher']) .base { background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); position: fixed; right: 16px; bottom: 16px; z-index: 2147483000; box-shadow: 0 8px 30px rgb(0 0 0 / 0.3);
    width: min(var(--dsh-launcher-width, 420px), calc(100vw - 32px)); height: min(var(--dsh-launcher-height, 640px), calc(100dvh - 32px)); }
  /* The launcher's panel is narrow: its tools fold into the overflow menu (see the narrow rules below). */
  :host([mode='launcher']) .more { display: inline-flex; align-items: center; justify-content: center; }
  :host([mode='launcher']) .tools { display: none; position: absolute; right: 8px; top: calc(100% - 2px); z-index: 3; flex-direction: column; gap: 4px; padding: 6px;
    background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: 0 4px 14px rgb(0 0 0 / 0.2); }
  :host([mode='launcher']) .tools[data-open] { display: flex; }
  @media (max-width: 600px) {
    :host([mode='launcher']) .base { inset: 0; width: 100%; height: 100dvh; border: 0; border-radius: 0; }
    :host([mode='launcher']) .base > * { --_target: 44px; }
    :host([mode='launcher']) .panel { width: 100%; border-left: 0; }
  }
  /* Narrow inline widget: 44 px touch targets, the panel over the whole body area. */
  @container dsh-agent (max-width: 600px) {
    .base > * { --_target: 44px; }
    .panel { width: 100%; border-left: 0; }
  }
  /* Narrow inline widget: the operator tools fold into the overflow menu, so the header stays one row. */
  @container dsh-agent (max-width: 600px) {
    .more { display: inline-flex; align-items: center; justify-content: center; }
    .tools { display: none; position: absolute; right: 8px; top: calc(100% - 2px); z-index: 3; flex-direction: column; gap: 4px; padding: 6px;
      background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: 0 4px 14px rgb(0 0 0 / 0.2); }
    .tools[data-open] { display: flex; }
  }
  /* Wide inline widget: the panel is a column beside the conversation (an empty column when closed: no row moves). */
  @container dsh-agent (min-width: 720px) {
    :host(:not([mode='launcher'])) .base { grid-template: 'header header' auto 'banners banners' auto 'notices notices' auto 'body panel' minmax(0, 1fr) 'question question' fit-content(40%) 'composer composer' auto / minmax(0, 1fr) auto; }
    :host(:not([mode='launcher'])) .panel { grid-area: panel; width: 340px; }
  }
`]
