/**
 * The keys `<dsh-agent>` answers anywhere inside its region: Ctrl/⌘+F finds in this session
 * (not in the page: the browser's find is prevented), Escape closes the open side panel, else the launcher's widget.
 * Plane: main.
 * @module components/dsh-agent/shell-keys
 */

/** @param closable Escape may close the launcher (launcher mode, and no approval waits for an answer). */
export function shellKey(event: KeyboardEvent, panelOpen: boolean, closable: boolean): 'find' | 'close-panel' | 'close' | undefined {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f' && !event.defaultPrevented) {
    event.preventDefault() // find in this session, not in the page (dsh-transcript/session-find.ts)
    return 'find'
  }
  if (event.key !== 'Escape' || event.defaultPrevented) return undefined
  return panelOpen ? 'close-panel' : closable ? 'close' : undefined
}
