/**
 * Write-behind persistence of the virtual filesystem: mutated paths are batched and saved
 * to a MirrorStore off the tool call's path. Plane: worker. Contract: `record` never blocks;
 * `flush` resolves once everything recorded so far is saved; a failed batch is kept for retry.
 * @module fs-memory/mirror
 */
import type { MemoryNode } from './memory-backend.ts'

export interface MirrorRecord { path: string; node: MemoryNode }

export interface MirrorStore {
  load(): Promise<MirrorRecord[]>
  save(puts: MirrorRecord[], deletes: string[]): Promise<void>
}

/** A store kept in module memory: survives re-creating the runtime in the same realm. */
const memoryWorkspaces = new Map<string, Map<string, MemoryNode>>()

export function memoryMirrorStore(workspace: string): MirrorStore {
  return {
    async load() {
      return [...(memoryWorkspaces.get(workspace) ?? [])].map(([path, node]) => ({ path, node }))
    },
    async save(puts, deletes) {
      let files = memoryWorkspaces.get(workspace)
      if (!files) memoryWorkspaces.set(workspace, (files = new Map()))
      for (const path of deletes) files.delete(path)
      for (const { path, node } of puts) files.set(path, node)
    },
  }
}

export class WriteBehind {
  #dirty = new Map<string, MemoryNode | undefined>()
  #tail: Promise<void> = Promise.resolve()
  #scheduled = false
  readonly #store: MirrorStore
  readonly #onError: (error: unknown) => void

  constructor(store: MirrorStore, onError: (error: unknown) => void) {
    this.#store = store
    this.#onError = onError
  }

  /** Notes the latest state of `path` (`undefined` = deleted) and schedules a save. */
  record(path: string, node: MemoryNode | undefined): void {
    this.#dirty.set(path, node)
    if (this.#scheduled) return
    this.#scheduled = true
    setTimeout(() => void this.flush(), 0)
  }

  flush(): Promise<void> {
    this.#tail = this.#tail.then(() => this.#drain())
    return this.#tail
  }

  async #drain(): Promise<void> {
    this.#scheduled = false
    if (this.#dirty.size === 0) return
    const batch = this.#dirty
    this.#dirty = new Map()
    const puts: MirrorRecord[] = []
    const deletes: string[] = []
    for (const [path, node] of batch) {
      if (node) puts.push({ path, node })
      else deletes.push(path)
    }
    try {
      await this.#store.save(puts, deletes)
    } catch (error) {
      for (const [path, node] of batch) if (!this.#dirty.has(path)) this.#dirty.set(path, node)
      this.#onError(error)
    }
  }
}
