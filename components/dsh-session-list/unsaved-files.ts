/**
 * The workspace's unsaved files as one line of the storage state (the session list's storage line
 * and the widget's storage banner). Plane: main.
 * @module components/dsh-session-list/unsaved-files
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { StorageState } from '../../src/protocol/index.ts'
import type { Strings } from '../i18n/strings.ts'

/** `Workspace files not saved: a.txt, b.txt`, or nothing when the workspace is saved. */
export function unsavedFiles(state: StorageState, s: Strings): TemplateResult | typeof nothing {
  const workspace = state.workspace
  if (!workspace || workspace.saved) return nothing
  return html`<span part="workspace-unsaved" class="unsaved"><br />${s.workspaceNotSaved}: ${(workspace.unsaved ?? []).map((path, i) => html`${i > 0 ? ', ' : ''}<code>${path}</code>`)}</span>`
}
