/**
 * Styles of `<dsh-editor-pane>`: the tab bar, the notices (conflict, changed, binary) and the
 * editor filling the rest; (the syntax colours come from `<dsh-workspace>`). Plane: main.
 * @module components/dsh-workspace/dsh-editor-pane.styles
 */
import { css } from 'lit'
import { base } from '../theme/base.styles.ts'

export const editorStyles = [base, css`
  :host { display: block; min-height: 0; }
  .pane { display: flex; flex-direction: column; height: 100%; min-height: 0; }
  .bar { display: flex; align-items: center; gap: 4px; border-bottom: 1px solid var(--_border); padding: 2px 4px; }
  .tabs { display: flex; flex: 1; overflow-x: auto; gap: 2px; list-style: none; margin: 0; padding: 0; }
  .tab { display: inline-flex; align-items: center; border: 1px solid transparent; border-radius: 6px 6px 0 0; }
  .tab.active { border-color: var(--_border); border-bottom-color: var(--_bg); background: var(--_bg); }
  .tab button { border: 0; background: transparent; padding: 2px 6px; font-size: 0.8125rem; }
  .tab .close { color: var(--_muted); padding: 2px 4px; }
  .dirty { color: var(--_accent); }
  .save { font-size: 0.8125rem; }
  .cm-host { flex: 1; min-height: 0; overflow: hidden; contain: strict; } /* sized by the pane: the editor's style, layout and paint stay inside */
  .notice, .changed, .empty, .conflict { margin: 4px; padding: 6px 8px; border-radius: var(--_radius); font-size: 0.8125rem; }
  .notice, .empty { color: var(--_muted); }
  .changed { background: color-mix(in srgb, var(--_success) 12%, transparent); }
  .conflict { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; border: 1px solid var(--_danger); }
  .conflict details { flex-basis: 100%; }
  .conflict pre { max-height: 10rem; overflow: auto; margin: 4px 0 0; padding: 4px; background: var(--_code-bg); font-family: var(--_mono); font-size: 0.75rem; }
  .status { margin: 0; padding: 0 6px; color: var(--_muted); font-size: 0.75rem; }
  .status:empty { display: none; }
`]
