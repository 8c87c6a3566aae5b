/**
 * Base sheet shared by every element: box-sizing, `[hidden]`, font, focus ring, and buttons at
 * least `--_target` (set to 44 px by a narrow `<dsh-agent>`) in both directions. Plane: main.
 * @module components/theme/base
 */
import { css } from 'lit'

export const base = css`
  :host { box-sizing: border-box; font-family: var(--_font); color: var(--_fg); }
  :host([hidden]), [hidden] { display: none !important; }
  *, *::before, *::after { box-sizing: inherit; }
  button { font: inherit; cursor: pointer; border-radius: calc(var(--_radius) / 1.5); border: 1px solid var(--_border);
    background: var(--_surface); color: var(--_fg); padding: 4px 10px; min-height: var(--_target, 0); min-width: var(--_target, 0); }
  button:disabled { cursor: not-allowed; opacity: 0.6; }
  :focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`
