/**
 * Styles of `<dsh-terminal-pane>` (after xterm's own sheet): the terminal fills the pane, a note
 * under it says how output arrives. Plane: main.
 * @module components/dsh-workspace/dsh-terminal-pane.styles
 */
import { css } from 'lit'
import { base } from '../theme/base.styles.ts'

export const terminalStyles = [base, css`
  :host { display: block; min-height: 0; }
  .pane { display: flex; flex-direction: column; height: 100%; min-height: 0; background: var(--_code-bg); }
  .xterm-host { flex: 1; min-height: 0; padding: 4px 0 0 6px; overflow: hidden; }
  .note { margin: 0; padding: 2px 6px; font-size: 0.75rem; color: var(--_muted); border-top: 1px solid var(--_border); background: var(--_bg); }
`]
