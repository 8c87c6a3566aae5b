/**
 * Styles of `<dsh-mcp-settings>`. Plane: main.
 * @module components/dsh-mcp-settings/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const mcpSettingsStyles = [base, css`
  :host { display: block; font-size: 0.9em; margin-top: var(--_gap); }
  form { display: flex; flex-direction: column; gap: 6px; }
  h2 { font-size: 1em; margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
  li { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; overflow-wrap: anywhere; }
  .name { font-weight: 600; }
  .url, .muted { color: var(--_muted); }
  label { display: flex; flex-direction: column; gap: 2px; }
  label.check { flex-direction: row; align-items: center; gap: 6px; }
  input { font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: calc(var(--_radius) / 1.5); padding: 4px 6px; }
  .actions { display: flex; gap: var(--_gap); flex-wrap: wrap; align-items: center; }
  .warning { color: var(--_danger); margin: 0; }
`]
