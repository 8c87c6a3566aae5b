/**
 * The runtime worker's copy of the workspace files: updated from each run request (changed files
 * in, removed ones out), and after the run compared with what the program left, so only the files
 * it wrote or removed go back. Plane: runtime worker.
 * @module run-code/worker/image
 */
import type { RunRequest, WorkspaceFile } from '../types.ts'

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export interface ImageDiff { written: WorkspaceFile[]; removed: string[] }

export class WorkspaceImage {
  /** Path → content, as of the last sync (what the workspace holds). */
  readonly files = new Map<string, Uint8Array>()

  /** Takes a request's files; returns the paths removed since the last sync. */
  sync(request: Pick<RunRequest, 'files' | 'paths'>): string[] {
    for (const file of request.files) this.files.set(file.path, file.data)
    const present = new Set(request.paths)
    const removed = [...this.files.keys()].filter((path) => !present.has(path))
    for (const path of removed) this.files.delete(path)
    return removed
  }

  /** What differs between the synced files and `after` (the program's file system once it ended); `after` becomes the image. */
  diff(after: ReadonlyMap<string, Uint8Array>): ImageDiff {
    const written: WorkspaceFile[] = []
    for (const [path, data] of after) {
      const before = this.files.get(path)
      if (!before || !sameBytes(before, data)) written.push({ path, data })
    }
    const removed = [...this.files.keys()].filter((path) => !after.has(path))
    this.files.clear()
    for (const [path, data] of after) this.files.set(path, data)
    return { written, removed }
  }
}
