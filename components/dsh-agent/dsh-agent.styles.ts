/**
 * Styles of `<dsh-agent>`: tokens live here so every part inherits one theme. Plane: main.
 * @module components/dsh-agent/styles
 */
import { css } from 'lit'
import { base, tokens } from '../theme/index.ts'

export const agentStyles = [tokens, base, css`
  :host { display: block; background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); }
  .base { display: grid; grid-template-rows: auto auto 1fr auto; height: var(--dsh-agent-height, 600px); }
  header { display: flex; gap: var(--_gap); align-items: center; padding: 6px 10px; border-bottom: 1px solid var(--_border); }
  [part~='title'] { font-weight: 600; flex: 1; }
  [part~='storage-banner'] { color: var(--_danger); font-size: 0.85em; }
  [part~='read-only-banner'] { font-size: 0.85em; display: flex; gap: 6px; align-items: center; }
  [part~='workspace-banner'] { color: var(--_muted); font-size: 0.85em; }
  aside { padding: 8px 10px; border-bottom: 1px solid var(--_border); max-height: 50%; overflow: auto; }
  main { overflow-y: auto; padding: 10px; }
  dsh-composer { padding: 8px 10px; border-top: 1px solid var(--_border); }
`]
