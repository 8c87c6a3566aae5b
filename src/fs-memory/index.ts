/**
 * The embedded workspace provider (default) of `ctx.fs`: the virtual filesystem, seeded from
 * config files, restored from and mirrored into IndexedDB (or memory) per workspace.
 * Plane: worker; no DOM. Contract: a stored workspace wins over `files`; mirroring never blocks a call.
 * @module fs-memory/index
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import { FileSystem } from '../fs/file-system.ts'
import { gatedBackend } from '../fs/gated-backend.ts'
import { resolvePath } from '../fs/path-policy.ts'
import type { SandboxMode, WorkspaceSaveState } from '../fs/types.ts'
import { idbMirrorStore, warmWorkspaceDb } from './idb-mirror.ts'
import { MemoryBackend } from './memory-backend.ts'
import { memoryMirrorStore, WriteBehind, type MirrorStore } from './mirror.ts'

export interface Config {
  /** Workspace id: the key of its mirror (default `default`). */
  workspace?: string
  /** Absolute workspace root (default `/workspace`). */
  root?: string
  /** Initial files, paths relative to the root (or absolute); used only for a new workspace. */
  files?: Record<string, string>
  /** Fence for calls without an explicit policy (default `workspace-write`). */
  sandboxMode?: SandboxMode
  /** Where the workspace is persisted (default `indexeddb`). */
  mirror?: 'indexeddb' | 'memory' | 'none'
}

function mirrorStore(config: Config, workspace: string): MirrorStore | undefined {
  if (config.mirror === 'none') return undefined
  return config.mirror === 'memory' ? memoryMirrorStore(workspace) : idbMirrorStore(workspace)
}

export default class MemoryFileSystem extends FileSystem {
  private readonly writeBehind: WriteBehind | undefined
  private readonly loaded: Promise<void>

  constructor(ctx: Context, config: Config = {}) {
    const memory = new MemoryBackend()
    let markLoaded!: (load: Promise<void>) => void
    const loaded = new Promise<void>((resolve) => { markLoaded = (load) => resolve(load) })
    const root = resolvePath('/', config.root ?? '/workspace')
    super(ctx, gatedBackend(memory, () => loaded), { root, sandboxMode: config.sandboxMode ?? 'workspace-write' })
    const store = mirrorStore(config, config.workspace ?? 'default')
    this.writeBehind = store && new WriteBehind(store, (state) => {
      if (!state.saved) ctx.logger('fs-memory').warn('workspace not saved (%s): %s', state.code, state.unsaved.join(', '))
      ctx.emit('fs/save-state', state)
    })
    this.loaded = loaded
    markLoaded(this.load(memory, store, root, config.files ?? {}))
  }

  /** Only this service writes the embedded workspace (the shell included), so `fs/change` sees every change. */
  override get changesAllObserved(): boolean {
    return true
  }

  /** Ahead of the boot (`preloadRuntime`): an IndexedDB mirror starts opening its database (the load at start then only reads). */
  static warm(config: Config = {}): void {
    if ((config.mirror ?? 'indexeddb') === 'indexeddb') warmWorkspaceDb()
  }

  async [Service.init](): Promise<void> {
    await this.loaded
  }

  override async flush(): Promise<void> {
    await this.loaded
    await this.writeBehind?.flush()
  }

  override saveState(): WorkspaceSaveState {
    return this.writeBehind?.state ?? { saved: true }
  }

  private async load(memory: MemoryBackend, store: MirrorStore | undefined, root: string, files: Record<string, string>): Promise<void> {
    const stored = store ? await store.load() : []
    if (stored.length > 0) memory.restore(stored.map(({ path, node }) => [path, node]))
    const writeBehind = this.writeBehind
    if (writeBehind) memory.onChange = (path, node) => writeBehind.record(path, node)
    if (stored.length > 0) return
    await memory.mkdir(root, true)
    for (const [path, content] of Object.entries(files)) {
      const absolute = resolvePath(root, path)
      await memory.mkdir(absolute.slice(0, absolute.lastIndexOf('/')) || '/', true)
      await memory.write(absolute, content, false)
    }
  }
}
