/**
 * Styles of `<dsh-file-tree>`: a compact toolbar, indented rows, the inline confirmation and the
 * drop highlight. Plane: main.
 * @module components/dsh-workspace/dsh-file-tree.styles
 */
import { css } from 'lit'
import { base } from '../theme/base.styles.ts'

export const treeStyles = [base, css`
  :host { display: block; min-height: 0; overflow: auto; font-size: 0.875rem; }
  .tree { display: flex; flex-direction: column; min-height: 100%; gap: 4px; padding: 4px; }
  .tree.dragging { outline: 2px dashed var(--_accent); outline-offset: -4px; }
  .toolbar { display: flex; flex-wrap: wrap; gap: 4px; }
  .toolbar button { font-size: 0.75rem; padding: 2px 6px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li[role='treeitem'] { padding: 3px 6px 3px calc(6px + var(--depth, 0) * 14px); border-radius: 4px; cursor: pointer;
    white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-height: var(--_target, 0); display: flex; align-items: center; }
  li[role='treeitem']:hover { background: var(--_surface); }
  li[aria-selected='true'] { background: color-mix(in srgb, var(--_accent) 16%, transparent); }
  li[role='treeitem']::before { content: '·'; display: inline-block; width: 1.1em; color: var(--_muted); }
  li[data-type='directory']::before { content: '▸'; }
  li[data-type='directory'][aria-expanded='true']::before { content: '▾'; }
  li[role='none'] { padding-left: calc(6px + var(--depth, 0) * 14px); }
  .more { font-size: 0.75rem; }
  .pending { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; padding: 6px; border: 1px solid var(--_border);
    border-radius: var(--_radius); background: var(--_surface); }
  .pending input { font: inherit; min-width: 10rem; padding: 2px 4px; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 4px; }
  .danger { color: var(--_danger); border-color: var(--_danger); }
  .hint, .status { margin: 0; color: var(--_muted); font-size: 0.75rem; }
  .status:empty { display: none; }
`]
