/**
 * Styles of the markdown an answer renders to: GFM tables (scrolling inside their own block on a
 * narrow widget, never widening the transcript), task-list checkboxes. Plane: main.
 * @module components/dsh-transcript/markdown.styles
 */
import { css } from 'lit'

export const markdownStyles = css`
  .table-scroll { max-width: 100%; overflow-x: auto; margin: 6px 0; border-radius: calc(var(--_radius) / 2); }
  .table-scroll:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
  .table-scroll table { border-collapse: collapse; font-size: 0.92em; min-width: max-content; }
  .table-scroll th, .table-scroll td { border: 1px solid var(--_border); padding: 4px 8px; text-align: left; vertical-align: top; }
  .table-scroll th { background: var(--_code-bg); font-weight: 600; }
  .table-scroll .center { text-align: center; }
  .table-scroll .right { text-align: right; }
  .md li.task { list-style: none; margin-inline-start: -1.3em; }
  .md li.task > input { margin: 0 0.4em 0 0; vertical-align: middle; }
  .md li.task > p:first-of-type { display: inline; }
`
