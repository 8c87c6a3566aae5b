/**
 * Registers `<dsh-workspace>` and its panes (safe to import twice): the entry of
 * `dist/dsh-workspace.js`, a bundle apart from `dist/dsh-agent.js` that only pages using it load.
 * Plane: main.
 * @module components/dsh-workspace
 */
import { defineOnce } from '../define.ts'
import { DshWorkspace } from './dsh-workspace.element.ts'
import { DshFileTree } from './dsh-file-tree.ts'
import { DshEditorPane } from './dsh-editor-pane.ts'
import { DshTerminalPane } from './dsh-terminal-pane.ts'
import { DshPreviewPane } from './dsh-preview-pane.ts'

defineOnce('dsh-file-tree', DshFileTree)
defineOnce('dsh-editor-pane', DshEditorPane)
defineOnce('dsh-terminal-pane', DshTerminalPane)
defineOnce('dsh-preview-pane', DshPreviewPane)
defineOnce('dsh-workspace', DshWorkspace)

declare global {
  interface HTMLElementTagNameMap {
    'dsh-workspace': DshWorkspace
    'dsh-file-tree': DshFileTree
    'dsh-editor-pane': DshEditorPane
    'dsh-terminal-pane': DshTerminalPane
    'dsh-preview-pane': DshPreviewPane
  }
}
export { DshWorkspace }
