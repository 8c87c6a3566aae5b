/**
 * Styles of `<dsh-approval-dialog>` (reuses the transcript's tool-card look). Plane: main.
 * @module components/dsh-approval-dialog/styles
 */
import { css } from 'lit'
import { transcriptStyles } from '../dsh-transcript/dsh-transcript.styles.ts'

export const dialogStyles = [...transcriptStyles, css`
  dialog { color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); max-width: min(640px, 92vw); padding: 16px; }
  dialog::backdrop { background: rgb(0 0 0 / 0.4); }
  h2 { font-size: 1.1em; margin: 0 0 8px; }
  .actions { display: flex; justify-content: flex-end; gap: var(--_gap); margin-top: 12px; }
  .allow { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); }
`]
