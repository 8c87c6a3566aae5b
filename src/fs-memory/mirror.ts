/**
 * Write-behind persistence of the virtual filesystem: mutated paths are batched and saved
 * to a MirrorStore off the tool call's path. Plane: worker. Contract: `record` never blocks;
 * `flush` settles once everything recorded so far is saved or failed to be; what failed is kept,
 * retried with later saves, and reported as the save state.
 * @module fs-memory/mirror
 */
import type { WorkspaceSaveState } from '../fs/types.ts'
import { describeError, isQuotaError } from '../session-idb/errors.ts'
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

/** What a failed save of the workspace is reported as: the quota by its own code, anything else as one. */
function saveFailure(error: unknown): { code: string; message: string } {
  if (isQuotaError(error)) {
    return { code: 'QUOTA_EXCEEDED', message: 'The browser storage quota is exhausted: these workspace files are kept in memory only and will be gone after a reload. Delete files you do not need, export the sessions you need or free space in this browser; saving is retried with the next change.' }
  }
  return { code: 'WORKSPACE_NOT_SAVED', message: `The workspace could not be saved (${describeError(error)}): these files are kept in memory only and will be gone after a reload; saving is retried with the next change.` }
}

/**
 * Batches mutated paths and saves them off the call's path. A batch that fails is saved again path
 * by path, so one file over the quota never holds the others back, and a file's older saved state
 * is never partly overwritten (each save is one transaction). What could not be saved is kept and
 * retried with every later save; `state` says so, and `onState` hears each change of it.
 */
export class WriteBehind {
  #dirty = new Map<string, MemoryNode | undefined>()
  #unsaved = new Map<string, MemoryNode | undefined>()
  #state: WorkspaceSaveState = { saved: true }
  #tail: Promise<void> = Promise.resolve()
  #scheduled = false
  readonly #store: MirrorStore
  readonly #onState: (state: WorkspaceSaveState) => void

  constructor(store: MirrorStore, onState: (state: WorkspaceSaveState) => void) {
    this.#store = store
    this.#onState = onState
  }

  get state(): WorkspaceSaveState {
    return this.#state
  }

  /** Notes the latest state of `path` (`undefined` = deleted) and schedules a save. */
  record(path: string, node: MemoryNode | undefined): void {
    this.#dirty.set(path, node)
    if (this.#scheduled) return
    this.#scheduled = true
    setTimeout(() => void this.flush(), 0)
  }

  /** Settles once everything recorded so far is saved or failed to be (then `state` says which). */
  flush(): Promise<void> {
    this.#tail = this.#tail.then(() => this.#drain())
    return this.#tail
  }

  async #drain(): Promise<void> {
    this.#scheduled = false
    if (this.#dirty.size === 0 && this.#unsaved.size === 0) return
    const batch = new Map([...this.#unsaved, ...this.#dirty])
    this.#dirty = new Map()
    const { failed, error } = await this.#save(batch)
    this.#unsaved = failed
    this.#report(failed.size === 0 ? { saved: true } : { saved: false, unsaved: [...failed.keys()].sort(), ...saveFailure(error) })
  }

  /** Saves `batch` in one transaction, else path by path; returns what could not be saved. */
  async #save(batch: Map<string, MemoryNode | undefined>): Promise<{ failed: Map<string, MemoryNode | undefined>; error?: unknown }> {
    try {
      await this.#saveRecords(batch)
      return { failed: new Map() }
    } catch (error) {
      if (batch.size === 1) return { failed: batch, error }
      const failed = new Map<string, MemoryNode | undefined>()
      let last: unknown = error
      for (const entry of batch) {
        try {
          await this.#saveRecords(new Map([entry]))
        } catch (pathError) {
          failed.set(...entry)
          last = pathError
        }
      }
      return { failed, error: last }
    }
  }

  #saveRecords(batch: ReadonlyMap<string, MemoryNode | undefined>): Promise<void> {
    const puts: MirrorRecord[] = []
    const deletes: string[] = []
    for (const [path, node] of batch) {
      if (node) puts.push({ path, node })
      else deletes.push(path)
    }
    return this.#store.save(puts, deletes)
  }

  #report(state: WorkspaceSaveState): void {
    const before = this.#state
    this.#state = state
    const same = before.saved && state.saved
      || (!before.saved && !state.saved && before.code === state.code && before.unsaved.join('\n') === state.unsaved.join('\n'))
    if (!same) this.#onState(state)
  }
}
