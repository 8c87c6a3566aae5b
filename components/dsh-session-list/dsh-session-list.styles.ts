/**
 * Styles of `<dsh-session-list>`. Plane: main.
 * @module components/dsh-session-list/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const sessionListStyles = [base, css`
  :host { display: block; font-size: 0.9em; }
  .toolbar { display: flex; gap: var(--_gap); }
  .import { border: 1px solid var(--_border); border-radius: calc(var(--_radius) / 1.5); padding: 4px 10px; cursor: pointer; background: var(--_surface); }
  .import:focus-within { outline: 2px solid var(--_accent); }
  ul { list-style: none; padding: 0; display: flex; flex-direction: column; gap: 4px; }
  li { display: flex; gap: 4px; align-items: center; flex-wrap: wrap; }
  li[aria-current='true'] [part~='open-button'] { border-color: var(--_accent); }
  [part~='open-button'] { flex: 1 1 8em; min-width: 0; text-align: start; display: flex; flex-direction: column; gap: 2px; }
  .title { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 100%; }
  .date { color: var(--_muted); font-size: 0.85em; }
  .fork-marker { color: var(--_accent); font-weight: 600; }
  .toolbar { flex-wrap: wrap; }
  .import { display: inline-flex; align-items: center; min-height: var(--_target, 0); }
  .danger { color: var(--_danger); }
  [part~='storage-state'][data-health='memory-only'], [part~='storage-state'][data-health='error'] { color: var(--_danger); }
`]
