/**
 * Styles of `<dsh-composer>`. Plane: main.
 * @module components/dsh-composer/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const composerStyles = [base, css`
  :host { display: block; }
  .composer { display: flex; gap: var(--_gap); align-items: flex-end; }
  textarea { flex: 1; min-width: 0; min-height: 44px; font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 8px; resize: vertical; max-height: 12em; }
  .actions { display: flex; flex-direction: column; gap: 4px; }
  .actions button { min-height: 44px; min-width: 44px; }
  [part~='send-button'] { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); }
  .stop { color: var(--_danger); }
`]
