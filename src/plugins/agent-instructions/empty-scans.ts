/**
 * Remembers the scans (root → cwd, one set of candidates) that found no instruction file, until the
 * workspace changes: with no file there is no baseline, and every entering step would otherwise look
 * again. Plane: worker. Contract: only for a filesystem whose every change is published
 * (`changesAllObserved`); any `fs/change` forgets everything, also one that lands while a scan runs;
 * a scan that met an unreadable candidate is not remembered (the next step tries again).
 * @module plugins/agent-instructions/empty-scans
 */
import type { FileSystem } from '../../fs/file-system.ts'
import { loadChain, type Candidates } from './files.ts'
import type { InstructionFile } from './render.ts'

export class EmptyScans {
  #generation = 0
  #core: object | undefined
  readonly #empty = new Set<string>()

  /** A change in the workspace (`fs/change`): every remembered scan may be out of date. */
  changed(): void {
    this.#generation++
    this.#empty.clear()
  }

  /** `loadChain`, or `[]` at once for a scan under `key` that found nothing since the last change. */
  async loadChain(fs: FileSystem, cwd: string, candidates: Candidates, key: string, signal?: AbortSignal): Promise<InstructionFile[]> {
    if (!fs.changesAllObserved) return loadChain(fs, cwd, candidates, signal)
    if (this.#core !== fs.core) {
      this.#core = fs.core
      this.#empty.clear()
    }
    if (this.#empty.has(key)) return []
    const generation = this.#generation
    let unreadable = false
    const files = await loadChain(fs, cwd, candidates, signal, () => void (unreadable = true))
    if (files.length === 0 && !unreadable && generation === this.#generation && this.#core === fs.core) this.#empty.add(key)
    return files
  }
}
