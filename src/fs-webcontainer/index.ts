/**
 * The WebContainer provider of `ctx.fs`: the workspace lives in the page's WebContainer, booted
 * on the first file operation (once per page) and seeded with the configured files.
 * Plane: worker/page. Contract: without cross-origin isolation every call fails with
 * WebContainerUnavailableError; the runtime checks `webContainerUnavailableReason()` first.
 * @module fs-webcontainer/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { FileSystemTree } from '@webcontainer/api'
import { FileSystem } from '../fs/file-system.ts'
import { gatedBackend } from '../fs/gated-backend.ts'
import { resolvePath } from '../fs/path-policy.ts'
import type { SandboxMode } from '../fs/types.ts'
import { bootWebContainer, type WebContainerLike } from './boot.ts'
import { WebContainerBackend } from './webcontainer-backend.ts'

export { attachPageWebContainer, bootWebContainer, webContainerUnavailableReason, WebContainerBridgeError, WebContainerUnavailableError, type WebContainerLike } from './boot.ts'

export interface Config {
  /** Workspace root as the model sees it (default `/workspace`); maps onto the container's workdir. */
  root?: string
  /** Files mounted at boot, paths relative to the root. */
  files?: Record<string, string>
  /** Fence for calls without an explicit policy (default `workspace-write`). */
  sandboxMode?: SandboxMode
  /** Where the container comes from (default: the page's one boot); tests pass a fake. */
  boot?: () => Promise<WebContainerLike>
}

/** Nested FileSystemTree for `wc.mount` from flat relative paths. */
export function toFileSystemTree(files: Record<string, string>): FileSystemTree {
  const tree: FileSystemTree = {}
  for (const [path, contents] of Object.entries(files)) {
    const parts = resolvePath('/', path).split('/').filter(Boolean)
    let level = tree
    for (const part of parts.slice(0, -1)) {
      const node = (level[part] ??= { directory: {} })
      if (!('directory' in node)) throw new TypeError(`workspace file ${path} is inside a file`)
      level = node.directory
    }
    level[parts.at(-1)!] = { file: { contents } }
  }
  return tree
}

/** A memoized boot-and-mount: the first call boots (once per page) and mounts `files`. */
function lazyContainer(boot: () => Promise<WebContainerLike>, files: Record<string, string>): () => Promise<WebContainerLike> {
  let started: Promise<WebContainerLike> | undefined
  return () => {
    started ??= boot().then(async (wc) => {
      await wc.mount(toFileSystemTree(files))
      return wc
    })
    return started
  }
}

export default class WebContainerFileSystem extends FileSystem {
  /** The booted, mounted container (booting on first use); the WebContainer shell runs here too. */
  readonly container: () => Promise<WebContainerLike>

  constructor(ctx: Context, config: Config = {}) {
    const container = lazyContainer(config.boot ?? bootWebContainer, config.files ?? {})
    const root = resolvePath('/', config.root ?? '/workspace')
    super(ctx, gatedBackend(new WebContainerBackend(container, root), container), { root, sandboxMode: config.sandboxMode ?? 'workspace-write' })
    this.container = container
  }
}
