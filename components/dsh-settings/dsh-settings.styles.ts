/**
 * Styles of `<dsh-settings>`. Plane: main.
 * @module components/dsh-settings/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const settingsStyles = [base, css`
  :host { display: block; font-size: 0.9em; }
  form { display: flex; flex-direction: column; gap: 6px; }
  label { display: flex; flex-direction: column; gap: 2px; }
  label.check { flex-direction: row; align-items: center; gap: 6px; }
  input, select { font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: calc(var(--_radius) / 1.5); padding: 4px 6px; min-height: var(--_target, 0); min-width: 0; }
  label.check input { min-height: 0; width: 20px; height: 20px; }
  label.check { min-height: var(--_target, 0); }
  .actions { display: flex; gap: var(--_gap); flex-wrap: wrap; align-items: center; }
  .warning, .danger { color: var(--_danger); }
  .rules { border: 1px solid var(--_border); border-radius: var(--_radius); padding: 6px 8px; margin: 0; min-width: 0; }
  .rules ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
  .rules li { display: flex; gap: 8px; align-items: center; justify-content: space-between; }
  .rules li > span { min-width: 0; overflow-wrap: anywhere; }
  .rules .subject { white-space: pre-wrap; }
  .rules .none { margin: 0; color: var(--_muted); }
`]
