/**
 * One file open in the editor and how it stands against the workspace: the version its text was
 * based on, whether the person changed it since, and a conflict when the agent wrote (or deleted)
 * it meanwhile. Plane: main; pure. Contract: an incoming write never replaces unsaved text —
 * `incoming` answers `replace` only for a clean file, else `conflict` (both texts are kept).
 * @module components/dsh-workspace/open-file
 */
import type { EditorState } from '@codemirror/state'

export type Conflict = { kind: 'changed'; text: string; version: string } | { kind: 'deleted' }

export interface OpenFile {
  path: string
  kind: 'text' | 'binary' | 'too-large'
  size: number
  /** The cap the worker applies (`too-large` above it). */
  cap?: number
  /** The version the editor's text is based on; `null`: the file is gone from the workspace. */
  version: string | null
  /** The text at `version` (what "unsaved" compares with). */
  savedText: string
  dirty: boolean
  conflict?: Conflict
  /** The agent's last change was taken in (the changed lines are highlighted). */
  changedByAgent: boolean
  /** The editor state while another tab is shown. */
  state?: EditorState
}

/** What to do with the agent's new text for `file`. */
export function incoming(file: OpenFile, version: string): 'ignore' | 'replace' | 'conflict' {
  if (file.version === version) return 'ignore' // our own save coming back
  return file.dirty ? 'conflict' : 'replace'
}
