/**
 * The file tree's state: the directory pages loaded so far and which folders are open, updated in
 * place by the worker's `workspace.changed` notices (no re-listing, no snapshot). Plane: main; pure.
 * Contract: only loaded directories are tracked — a change under a folder never opened is ignored
 * (it is listed fresh when opened); entries stay name-sorted like the worker's pages.
 * @module components/dsh-workspace/tree-model
 */
import type { WorkspaceChange, WorkspaceEntry, WorkspaceListing } from '../../src/protocol/messages.ts'

export interface LoadedDir {
  entries: WorkspaceEntry[]
  total: number
  /** Offset of the next page, while the directory has more entries than were loaded. */
  next?: number
}

/** The visible rows: depth-first over open folders. */
export interface TreeRow { entry: WorkspaceEntry; depth: number; open: boolean }

export const parentOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1)
const byName = (a: WorkspaceEntry, b: WorkspaceEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

export class TreeModel {
  readonly dirs = new Map<string, LoadedDir>()
  readonly open = new Set<string>()

  /** Adds a listing page (`offset` 0 replaces the directory's entries). */
  addPage(page: WorkspaceListing): void {
    const known = page.offset === 0 ? undefined : this.dirs.get(page.path)
    const entries = known ? [...known.entries, ...page.entries] : page.entries
    this.dirs.set(page.path, { entries, total: page.total, ...(page.next !== undefined ? { next: page.next } : {}) })
  }

  /** Applies one change; returns whether anything shown changed. */
  apply(change: WorkspaceChange): boolean {
    switch (change.kind) {
      case 'write': return this.#insert(change.path, 'file')
      case 'mkdir': return this.#insert(change.path, 'directory')
      case 'rm': return this.#remove(change.path)
      case 'rename': {
        const moved = this.#find(change.path)?.type ?? 'file'
        const removed = this.#remove(change.path)
        return this.#insert(change.to, moved) || removed
      }
    }
  }

  rows(): TreeRow[] {
    const rows: TreeRow[] = []
    const walk = (dir: string, depth: number) => {
      for (const entry of this.dirs.get(dir)?.entries ?? []) {
        const open = entry.type === 'directory' && this.open.has(entry.path)
        rows.push({ entry, depth, open })
        if (open) walk(entry.path, depth + 1)
      }
    }
    walk('', 0)
    return rows
  }

  #find(path: string): WorkspaceEntry | undefined {
    return this.dirs.get(parentOf(path))?.entries.find((e) => e.path === path)
  }

  #insert(path: string, type: WorkspaceEntry['type']): boolean {
    const dir = this.dirs.get(parentOf(path))
    if (!dir || dir.entries.some((e) => e.path === path)) return false
    dir.entries = [...dir.entries, { name: baseName(path), path, type }].sort(byName)
    dir.total += 1
    return true
  }

  #remove(path: string): boolean {
    const dir = this.dirs.get(parentOf(path))
    const kept = dir?.entries.filter((e) => e.path !== path)
    for (const key of this.dirs.keys()) if (key.startsWith(`${path}/`) || key === path) this.dirs.delete(key)
    for (const key of this.open) if (key.startsWith(`${path}/`) || key === path) this.open.delete(key)
    if (!dir || !kept || kept.length === dir.entries.length) return false
    dir.entries = kept
    dir.total -= 1
    return true
  }
}
