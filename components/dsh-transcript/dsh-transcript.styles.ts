/**
 * Styles of `<dsh-transcript>`. Plane: main.
 * @module components/dsh-transcript/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'
import { markdownStyles } from './markdown.styles.ts'

export const transcriptStyles = [base, markdownStyles, css`
  /* The window keeps the reader's place itself (virtual-window.ts): no browser scroll anchoring inside. */
  :host { display: block; overflow-anchor: none; }
  .transcript { display: flex; flex-direction: column; gap: var(--_gap); max-width: var(--dsh-transcript-max-width, 100%); }
  /* Each drawn item is a row whose measured height includes the gap below it; a gap stands for the items not drawn. */
  .rows { display: flex; flex-direction: column; min-width: 0; }
  /* scroll-margin: a row scrolled into view (a find match, a focused control) is not left under the find bar. */
  .row { display: flex; flex-direction: column; padding-bottom: var(--_gap); min-width: 0; scroll-margin-top: 64px; }
  .gap { flex: none; }
  .row[data-match] > * { outline: 2px solid var(--_accent); outline-offset: 2px; }
  /* Stuck to the top of the scroll container; the shadow covers the container's padding above it, so no text shows over the bar. */
  .find { position: sticky; top: 0; z-index: 1; display: flex; gap: 4px; align-items: center; padding: 4px; margin-bottom: var(--_gap);
    background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: 0 -16px 0 var(--_bg); }
  .find input { flex: 1; min-width: 0; min-height: 32px; }
  .find button { min-width: 44px; min-height: 44px; }
  .find-status { color: var(--_muted); font-size: 0.85em; white-space: nowrap; }
  .msg { padding: 8px 12px; border-radius: var(--_radius); line-height: 1.5; overflow-wrap: anywhere; }
  .user { align-self: flex-end; background: var(--_accent); color: var(--_accent-fg); max-width: 85%; }
  .assistant { background: var(--_surface); border: 1px solid var(--_border); }
  .plain { white-space: pre-wrap; }
  .md p { margin: 0.4em 0; }
  .reasoning { color: var(--_muted); font-size: 0.9em; margin-bottom: 4px; }
  .reasoning summary { cursor: pointer; }
  .code-block { position: relative; }
  .code-block .copy { position: absolute; top: 4px; right: 4px; font-size: 0.8em; }
  /* The first line starts below the Copy button (a 44 px target on narrow widgets), never under it. */
  .code-block pre { padding-top: calc(var(--_target, 28px) + 8px); }
  pre { font-family: var(--_mono); background: var(--_code-bg); padding: 8px; border-radius: calc(var(--_radius) / 2); overflow-x: auto; white-space: pre-wrap; margin: 4px 0; }
  code { font-family: var(--_mono); }
  a { color: var(--_accent); }
  .tool { border: 1px solid var(--_border); border-radius: var(--_radius); padding: 4px 10px; background: var(--_bg); min-width: 0; }
  .tool:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
  .summary { display: flex; flex-wrap: wrap; gap: 0 6px; align-items: baseline; font-size: 0.9em; min-width: 0; padding: 2px 0; }
  details > .summary { cursor: pointer; list-style: none; }
  details > .summary::-webkit-details-marker { display: none; }
  details > .summary::after { content: '▸'; color: var(--_muted); margin-left: auto; }
  details[open] > .summary::after { content: '▾'; }
  .status { font-weight: 700; width: 1.2em; text-align: center; flex: none; }
  .verb { font-weight: 600; }
  .target { overflow-wrap: anywhere; min-width: 0; }
  .outcome, .note { color: var(--_muted); }
  .tool[data-state='done'] .status { color: var(--_success); }
  .tool:is([data-state='failed'], [data-state='rejected']) :is(.status, .outcome), .error { color: var(--_danger); }
  .tool:is([data-state='cancelled'], [data-state='running']) .status { color: var(--_muted); }
  .tool[data-state='waiting'] .status { color: var(--_accent); }
  .body { display: flex; flex-direction: column; gap: 4px; padding: 4px 0; min-width: 0; }
  .terminal { background: #0d1117; color: #e6edf3; border: 1px solid var(--_border); }
  .exit { font-size: 0.85em; color: var(--_muted); }
  .exit:not([data-exit='0']) { color: var(--_danger); }
  .diff { margin: 0; min-width: 0; }
  .diff-path { font-family: var(--_mono); font-size: 0.85em; color: var(--_muted); }
  .diff-body { white-space: pre; overflow-x: auto; padding: 4px 0; }
  .diff-body > span { display: block; padding: 0 8px; }
  .diff-body .sign { display: inline-block; width: 1.5ch; user-select: none; }
  .hunk { color: var(--_muted); }
  .diff-add { background: color-mix(in srgb, var(--_success) 14%, transparent); }
  .diff-del { background: color-mix(in srgb, var(--_danger) 14%, transparent); }
  .file-lines { white-space: pre; overflow-x: auto; }
  .ln { display: inline-block; min-width: 3ch; margin-right: 1.5ch; text-align: right; color: var(--_muted); user-select: none; }
  .hits { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; }
  .more, .raw-label { color: var(--_muted); font-size: 0.85em; }
  .raw > summary { cursor: pointer; color: var(--_muted); font-size: 0.85em; }
  .approval { border: 2px solid var(--_accent); padding: 8px 12px; display: flex; flex-direction: column; gap: 4px; }
  .approval-title { font-size: 1em; margin: 0; }
  .said, .reason, .hint { margin: 0; font-size: 0.9em; }
  .said-label, .hint { color: var(--_muted); }
  .grants { display: flex; flex-wrap: wrap; gap: var(--_gap); margin-top: 4px; }
  .grants button { min-height: 44px; min-width: 44px; padding: 6px 14px; }
  .grants .allow { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); }
  .turn-end { display: flex; gap: 8px; align-items: center; color: var(--_muted); font-size: 0.85em; }
  .turn-end[data-reason='error'] { color: var(--_danger); align-items: flex-start; }
  .turn-end .failure details { color: var(--_muted); }
  .turn-end .failure summary { cursor: pointer; }
  .turn-end > span { min-width: 0; }
  .turn-end .fork { margin-left: auto; font-size: 0.85em; opacity: 0.7; flex-shrink: 0; }
  .notice { color: var(--_muted); font-size: 0.85em; }
  .notice[data-tone='error'] { color: var(--_danger); }
  .instructions summary { cursor: pointer; }
  .instructions .plain { max-height: 16em; overflow: auto; margin-top: 4px; }
  .interrupted { color: var(--_muted); font-style: italic; font-size: 0.85em; }
  .running { color: var(--_muted); font-size: 0.85em; }
  [data-search-match] { outline: 2px solid var(--_accent); outline-offset: 2px; }
  .history-more { color: var(--_muted); font-size: 0.85em; text-align: center; padding: 4px; }
  .running::before { content: '● '; }
  /* Only the dot pulses: text that fades in and out would drop below readable contrast. */
  @media (prefers-reduced-motion: no-preference) { .running::before, .tool[data-state='running'] .status { animation: pulse 1.2s ease-in-out infinite; } }
  @keyframes pulse { 50% { opacity: 0.4; } }
  .todos { list-style: none; padding: 8px; border: 1px dashed var(--_border); border-radius: var(--_radius); }
`]
