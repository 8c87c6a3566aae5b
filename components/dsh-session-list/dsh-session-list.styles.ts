/**
 * Styles of `<dsh-session-list>`: rows of one fixed height (row-window.ts ROW_HEIGHT) placed
 * absolutely in a scrolled viewport, the search and sort line, and the match snippets. Plane: main.
 * @module components/dsh-session-list/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const sessionListStyles = [base, css`
  :host { display: block; font-size: 0.9em; }
  .toolbar { display: flex; gap: var(--_gap); flex-wrap: wrap; }
  .import { border: 1px solid var(--_border); border-radius: calc(var(--_radius) / 1.5); padding: 4px 10px; cursor: pointer; background: var(--_surface);
    display: inline-flex; align-items: center; min-height: var(--_target, 0); }
  .import:focus-within { outline: 2px solid var(--_accent); }
  .find { display: flex; gap: var(--_gap); align-items: center; flex-wrap: wrap; margin-block: var(--_gap); }
  [part~='search-input'] { flex: 1 1 12em; min-width: 0; font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 1.5); padding: 4px 8px; min-height: var(--_target, 32px); }
  .sort { display: inline-flex; align-items: center; gap: 4px; color: var(--_muted); }
  select { font: inherit; color: var(--_fg); background: var(--_surface); border: 1px solid var(--_border); border-radius: calc(var(--_radius) / 1.5);
    min-height: var(--_target, 32px); padding: 2px 4px; }
  h2 { font-size: 0.85em; font-weight: 600; color: var(--_muted); margin: var(--_gap) 0 4px; text-transform: uppercase; letter-spacing: 0.03em; }
  .muted { color: var(--_muted); }
  .rows-viewport { max-height: var(--dsh-session-list-height, 24rem); overflow-y: auto; overscroll-behavior: contain; }
  .rows { position: relative; list-style: none; margin: 0; padding: 0; }
  .rows > li { position: absolute; inset-inline: 0; height: 64px; padding-block: 4px; display: flex; gap: 4px; align-items: stretch; }
  li[aria-current='true'] [part~='open-button'] { border-color: var(--_accent); }
  .rows > li > :not([part~='open-button'], .confirm-text) { flex: none; }
  [part~='open-button'] { flex: 1 1 auto; min-width: 0; text-align: start; display: flex; flex-direction: column; justify-content: center; gap: 2px; }
  .title { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 100%; }
  .date { color: var(--_muted); font-size: 0.85em; }
  .fork-marker { color: var(--_accent); display: inline-flex; vertical-align: -2px; }
  li[data-confirming] [part~='open-button'], li[data-confirming] [part~='export-button'] { display: none; }
  .confirm-text { flex: 1 1 auto; min-width: 0; align-self: center; font-size: 0.85em; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
  .danger { color: var(--_danger); }
  [part~='storage-state'][data-health='memory-only'], [part~='storage-state'][data-health='error'] { color: var(--_danger); }
  .hits { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
  [part~='search-hit'] { width: 100%; text-align: start; display: flex; flex-direction: column; gap: 2px; }
  .snippet { font-size: 0.85em; color: var(--_fg); overflow-wrap: anywhere; }
  .who { color: var(--_muted); }
  mark { background: color-mix(in srgb, var(--_accent) 25%, transparent); color: inherit; border-radius: 2px; padding-inline: 1px; }
`]
