/**
 * Styles of `<dsh-workspace>`: the theme tokens (inherited by its panes), the syntax colours'
 * light and dark palettes, the pane grid with its dividers, and the tabbed narrow layout.
 * Plane: main.
 * @module components/dsh-workspace/dsh-workspace.styles
 */
import { css } from 'lit'
import { tokens } from '../theme/tokens.styles.ts'
import { base } from '../theme/base.styles.ts'

export const workspaceStyles = [tokens, base, css`
  :host { display: block; height: var(--dsh-workspace-height, max(420px, 70vh)); background: var(--_bg); color: var(--_fg);
    border: 1px solid var(--_border); border-radius: var(--_radius); overflow: hidden;
    --_hl-keyword: #8250df; --_hl-string: #0a3069; --_hl-number: #0550ae; --_hl-comment: #59636e; --_hl-name: #953800; }
  :host([theme='dark']), :host(:state(dark)) { --_hl-keyword: #d2a8ff; --_hl-string: #a5d6ff; --_hl-number: #79c0ff; --_hl-comment: #9198a1; --_hl-name: #ffa657; }
  .base { display: flex; flex-direction: column; height: 100%; min-height: 0; }
  .panes { flex: 1; min-height: 0; display: grid; grid-template-rows: minmax(0, 1fr); }
  .narrow { --_target: 44px; } /* phones: every button and tree row is a 44 px target */
  .narrow .panes { display: flex; flex-direction: column; }
  .narrow .panes > * { flex: 1; min-height: 0; }
  section { min-width: 0; min-height: 0; overflow: hidden; display: flex; flex-direction: column; }
  /* Our panes keep their layout and paint to themselves (a keystroke in the editor re-lays and
     repaints the editor only); not the agent's pane, whose element may place fixed overlays. */
  .files, .editor, .bottom { contain: layout paint style; }
  section > * { flex: 1; min-height: 0; }
  .files { border-right: 1px solid var(--_border); background: var(--_bg); }
  .narrow .files { border-right: 0; }
  .centre { display: grid; min-width: 0; min-height: 0; grid-template-columns: minmax(0, 1fr); }
  .narrow .centre { display: flex; flex-direction: column; }
  .narrow .centre > section { flex: 1; }
  .agent { border-left: 1px solid var(--_border); overflow: auto; }
  .narrow .agent { border-left: 0; }
  .agent ::slotted(*) { flex: 1; min-height: 0; }
  .resizer { background: var(--_surface); touch-action: none; }
  .resizer.vertical { cursor: col-resize; }
  .resizer.horizontal { cursor: row-resize; }
  .resizer:hover, .resizer:focus-visible { background: color-mix(in srgb, var(--_accent) 40%, var(--_surface)); }
  .bottom { border-top: 1px solid var(--_border); }
  .narrow .bottom { border-top: 0; }
  .bottom-tabs { flex: 0 0 auto; display: flex; flex-wrap: wrap; gap: 2px; padding: 2px 4px; border-bottom: 1px solid var(--_border); }
  .bottom-tabs [role='tablist'] { display: flex; gap: 2px; }
  .bottom-tabs button, .tabs button { border: 0; background: transparent; font-size: 0.8125rem; padding: 4px 10px; border-radius: 4px; }
  .bottom-tabs button[aria-selected='true'], .tabs button[aria-selected='true'] { background: var(--_surface); color: var(--_accent); box-shadow: inset 0 -2px 0 var(--_accent); }
  .bottom-tabs .preview-file { margin-left: auto; border: 1px solid var(--_border); }
  .preview-file { flex: 0 0 auto; }
  .tabs { display: flex; overflow-x: auto; border-bottom: 1px solid var(--_border); }
  .tabs button { flex: 1; min-height: 44px; }
  .connection { margin: 0; padding: 4px 8px; font-size: 0.8125rem; color: var(--_muted); border-bottom: 1px solid var(--_border); }
  .shortcuts { flex: 0 0 auto; font-size: 0.75rem; color: var(--_muted); padding: 2px 8px; border-top: 1px solid var(--_border); }
  .shortcuts p { margin: 2px 0; }
`]
