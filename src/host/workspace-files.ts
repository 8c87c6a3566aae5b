/**
 * The workspace as a person's editor and file tree see it: one directory page at a time, one file
 * at a time, and the person's own saves, renames and deletions — all through `ctx.fs`, so the
 * sandbox fence, `fs/change` and the version guards apply exactly as to the agent's tools.
 * Plane: worker. Contract: caps are stated in every result (`cap`); a save names the version it was
 * edited from and fails FS_STALE_VERSION when the agent wrote the file since (never overwrites it).
 * @module host/workspace-files
 */
import type { FileSystem } from '../fs/file-system.ts'
import type { FsTarget } from '../fs/types.ts'
import type { WorkspaceFile, WorkspaceListing } from '../protocol/messages.ts'
import { HostError } from './errors.ts'
import type { HostRuntime } from './types.ts'
import { relativePath } from './workspace-events.ts'

/** The most entries one `workspace.list` page holds. */
export const WORKSPACE_LIST_CAP = 500
/** The largest file `workspace.read` returns as text (bytes); a larger one is `too-large`. */
export const WORKSPACE_READ_CAP = 4_000_000

export function workspaceFs(runtime: HostRuntime): FileSystem {
  const fs = runtime.ctx.get('fs', false)
  if (!fs) throw new HostError('DSH_RUNTIME_CONTRACT', 'the runtime has no workspace (ctx.fs)')
  return fs
}

function target(fs: FileSystem, path: string): FsTarget {
  return fs.resolve(path === '' ? '.' : path)
}

export async function listWorkspace(runtime: HostRuntime, path: string, offset = 0): Promise<WorkspaceListing> {
  const fs = workspaceFs(runtime)
  const dir = target(fs, path)
  const all = await fs.listDir(dir)
  const entries = all.slice(offset, offset + WORKSPACE_LIST_CAP).map((entry) => ({
    name: entry.name, path: relativePath(fs.root, entry.target.targetKey), type: entry.type, ...(entry.size !== undefined ? { size: entry.size } : {}),
  }))
  const next = offset + WORKSPACE_LIST_CAP
  return { path: relativePath(fs.root, dir.targetKey), entries, total: all.length, offset, cap: WORKSPACE_LIST_CAP, ...(next < all.length ? { next } : {}) }
}

export async function readWorkspaceFile(runtime: HostRuntime, path: string): Promise<WorkspaceFile> {
  const fs = workspaceFs(runtime)
  const file = target(fs, path)
  const shown = relativePath(fs.root, file.targetKey)
  const stat = await fs.stat(file)
  if (!stat) throw new HostError('FS_NOT_FOUND', `No such file: ${path}`)
  if (stat.type !== 'file') throw new HostError('FS_NOT_REGULAR_FILE', `Not a file: ${path}`)
  const size = stat.size ?? 0
  if (size > WORKSPACE_READ_CAP) return { path: shown, kind: 'too-large', size, cap: WORKSPACE_READ_CAP }
  try {
    const text = await fs.readText(file)
    if (text.includes('\0')) return { path: shown, kind: 'binary', size, cap: WORKSPACE_READ_CAP } // valid UTF-8, but no text file holds NUL
    return { path: shown, kind: 'text', text, version: stat.version, size }
  } catch (error) {
    if ((error as { code?: string }).code === 'FS_NOT_TEXT') return { path: shown, kind: 'binary', size, cap: WORKSPACE_READ_CAP }
    throw error
  }
}

/**
 * The person's save, guarded by the version the text was edited from (`null`: the file must not
 * exist yet); announced as `fs/person-saved`, so agents that read the file must read it again.
 */
export async function writeWorkspaceFile(runtime: HostRuntime, path: string, text: string, baseVersion: string | null): Promise<{ version: string }> {
  const fs = workspaceFs(runtime)
  const expected = baseVersion === null ? { kind: 'createIfAbsent' as const } : { kind: 'replaceIfVersion' as const, version: baseVersion }
  const file = target(fs, path)
  const { version } = await fs.writeText(file, text, expected)
  runtime.ctx.emit('fs/person-saved', file, version)
  return { version }
}

export async function mkdirWorkspace(runtime: HostRuntime, path: string): Promise<null> {
  const fs = workspaceFs(runtime)
  await fs.mkdir(target(fs, path), { recursive: true })
  return null
}

export async function renameWorkspace(runtime: HostRuntime, from: string, to: string): Promise<null> {
  const fs = workspaceFs(runtime)
  const destination = target(fs, to)
  if (await fs.stat(destination)) throw new HostError('WORKSPACE_TARGET_EXISTS', `${to} already exists; rename refuses to replace it`)
  await fs.rename(target(fs, from), destination)
  return null
}

export async function deleteWorkspace(runtime: HostRuntime, path: string): Promise<null> {
  const fs = workspaceFs(runtime)
  const doomed = target(fs, path)
  if (doomed.targetKey === fs.root) throw new HostError('FS_PERMISSION_DENIED', 'the workspace root cannot be deleted')
  await fs.rm(doomed, { recursive: true })
  return null
}
