/**
 * Which rows of a long session list are drawn: those in the scrolled viewport plus a margin, and
 * any pinned row (the one holding focus) wherever it is. Rows have one fixed height, so a row's
 * place is its index times that height. Plane: main; pure.
 * @module components/dsh-session-list/row-window
 */

/** Height of one row in CSS px (the styles give every row exactly this block size). */
export const ROW_HEIGHT = 64
/** Rows drawn above and below the viewport. */
const MARGIN_ROWS = 6

/** Indexes to draw, ascending: the viewport's rows with a margin, and `pinned` when in range. */
export function visibleRows(count: number, scrollTop: number, viewportHeight: number, pinned?: number): number[] {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - MARGIN_ROWS)
  const last = Math.min(count, Math.ceil((scrollTop + Math.max(viewportHeight, ROW_HEIGHT)) / ROW_HEIGHT) + MARGIN_ROWS)
  const rows: number[] = []
  if (pinned !== undefined && pinned >= 0 && pinned < first) rows.push(pinned)
  for (let i = first; i < last; i++) rows.push(i)
  if (pinned !== undefined && pinned >= last && pinned < count) rows.push(pinned)
  return rows
}

/** The scrollTop that shows row `index` whole, moving as little as possible from `scrollTop`. */
export function scrollToShow(index: number, scrollTop: number, viewportHeight: number): number {
  const top = index * ROW_HEIGHT
  if (top < scrollTop) return top
  if (top + ROW_HEIGHT > scrollTop + viewportHeight) return top + ROW_HEIGHT - viewportHeight
  return scrollTop
}
