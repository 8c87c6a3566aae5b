/**
 * Styles of `<dsh-transcript>`. Plane: main.
 * @module components/dsh-transcript/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const transcriptStyles = [base, css`
  :host { display: block; }
  .transcript { display: flex; flex-direction: column; gap: var(--_gap); max-width: var(--dsh-transcript-max-width, 100%); }
  /* Off-screen items of a long transcript skip layout and paint; their last size is kept. */
  .transcript > * { content-visibility: auto; contain-intrinsic-block-size: auto 64px; }
  .msg { padding: 8px 12px; border-radius: var(--_radius); line-height: 1.5; overflow-wrap: anywhere; }
  .user { align-self: flex-end; background: var(--_accent); color: var(--_accent-fg); max-width: 85%; }
  .assistant { background: var(--_surface); border: 1px solid var(--_border); }
  .plain { white-space: pre-wrap; }
  .md p { margin: 0.4em 0; }
  .reasoning { color: var(--_muted); font-size: 0.9em; margin-bottom: 4px; }
  .reasoning summary { cursor: pointer; }
  .code-block { position: relative; }
  .code-block .copy { position: absolute; top: 4px; right: 4px; font-size: 0.8em; }
  pre { font-family: var(--_mono); background: var(--_code-bg); padding: 8px; border-radius: calc(var(--_radius) / 2); overflow-x: auto; white-space: pre-wrap; margin: 4px 0; }
  code { font-family: var(--_mono); }
  a { color: var(--_accent); }
  .tool { border: 1px solid var(--_border); border-radius: var(--_radius); padding: 6px 10px; background: var(--_bg); }
  .tool header { display: flex; gap: 8px; align-items: baseline; font-size: 0.9em; }
  [part~='tool-name'] { font-family: var(--_mono); font-weight: 600; }
  [part~='tool-title'] { color: var(--_muted); flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  [part~='tool-status'][data-state='error'], .error { color: var(--_danger); }
  [part~='tool-status'][data-state='done'] { color: var(--_success); }
  [part~='approval-badge'] { font-size: 0.85em; padding: 0 6px; border-radius: 999px; border: 1px solid var(--_border); }
  .terminal { background: #0d1117; color: #e6edf3; }
  .add { color: var(--_success); } .del { color: var(--_danger); }
  .turn-end { display: flex; gap: 8px; align-items: center; color: var(--_muted); font-size: 0.85em; }
  .turn-end[data-reason='error'] { color: var(--_danger); }
  .turn-end .fork { margin-left: auto; font-size: 0.85em; opacity: 0.7; }
  .notice { color: var(--_muted); font-size: 0.85em; }
  .notice[data-tone='error'] { color: var(--_danger); }
  .interrupted { color: var(--_muted); font-style: italic; font-size: 0.85em; }
  .running { color: var(--_muted); font-size: 0.85em; }
  @media (prefers-reduced-motion: no-preference) { .running { animation: pulse 1.2s ease-in-out infinite; } }
  @keyframes pulse { 50% { opacity: 0.4; } }
  .todos { list-style: none; padding: 8px; border: 1px dashed var(--_border); border-radius: var(--_radius); }
`]
