/**
 * Styles of `<dsh-question-card>`: a card above the composer, option chips that wrap. Plane: main.
 * @module components/dsh-question-card/styles
 */
import { css } from 'lit'
import { base } from '../theme/index.ts'

export const questionCardStyles = [base, css`
  :host { display: block; }
  .card { border: 1px solid var(--_accent); border-radius: var(--_radius); padding: 12px; background: var(--_bg); }
  h2 { font-size: 1em; margin: 0 0 8px; }
  fieldset { border: 0; margin: 0 0 10px; padding: 0; min-width: 0; }
  legend { padding: 0; margin-bottom: 6px; font-weight: 600; }
  .header { display: inline-block; font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.04em; color: var(--_muted); margin-right: 6px; }
  .chips { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 6px; }
  .chip { border-radius: 22px; padding: 6px 14px; min-height: 44px; min-width: 44px; text-align: left; max-width: 100%; overflow-wrap: anywhere; }
  .chip small { display: block; font-size: 0.8em; }
  .chip[aria-checked='true'] { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); }
  .chip:focus-visible, input:focus-visible, .submit:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
  input { width: 100%; font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 6px 8px; min-height: 44px; }
  /* Answer stays in view while a tall card scrolls (in <dsh-agent> the host, in the question row, is the scroller). */
  .actions { display: flex; justify-content: space-between; align-items: center; gap: var(--_gap); flex-wrap: wrap;
    position: sticky; bottom: 0; background: var(--_bg); padding-block: 6px; }
  .hint { font-size: 0.8em; color: var(--_muted); }
  .submit { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); min-height: 44px; min-width: 88px; }
  .submit:disabled { opacity: 1; background: var(--_surface); color: var(--_muted); border-color: var(--_border); }
`]
