/**
 * Styles of `<dsh-preview-pane>`: a bar with the previewed path and Reload, the iframe filling the rest.
 * Plane: main.
 * @module components/dsh-workspace/dsh-preview-pane.styles
 */
import { css } from 'lit'
import { base } from '../theme/base.styles.ts'

export const previewStyles = [base, css`
  :host { display: block; min-height: 0; }
  .pane { display: flex; flex-direction: column; height: 100%; min-height: 0; }
  .bar { display: flex; align-items: center; gap: 6px; padding: 2px 6px; border-bottom: 1px solid var(--_border); font-size: 0.8125rem; }
  .where { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-family: var(--_mono); color: var(--_muted); }
  iframe { flex: 1; width: 100%; min-height: 0; border: 0; background: #ffffff; }
  .empty, .status { margin: 8px; color: var(--_muted); font-size: 0.8125rem; }
`]
