/**
 * The file system's core (kernel/cordis/service, dsh contracts §10): path resolution, sandbox fences, atomic
 * guarded text mutations, raw mutations for the shell, listing, glob and `fs/change` events, all
 * over one provider's FsBackend. Plane: worker; no DOM, no `node:`; a plain object — the shell and
 * the search tools call it per file. Contract: registers nothing; consumers never see the provider.
 * @module fs/file-system-core
 */
import type { EventsService } from '@deepseek-ai/cordis'
import { viaBackend } from './backend-errors.ts'
import { notFound, notRegularFile, throwIfAborted, FsError, notDirectory } from './errors.ts'
import { lazyPart } from '../kernel/lazy-plugin.ts'
import { assertValidPathInput, dirname, displayPath, isWithin, joinPath, resolvePath } from './path-policy.ts'
import { PathLocks } from './path-locks.ts'
import { checkAccess, isAccessAllowed, type FsAccess } from './sandbox.ts'
import { applyTextEdit } from './text-edit.ts'
import type {
  EditExpectation, EditResult, FsBackend, FsBackendEntry, FsDirEntry, FsGlobMatch, FsLstat, FsStat,
  FsTarget, FsVersion, SandboxMode, SandboxPolicy, TextEdit, WriteExpectation, WriteResult,
} from './types.ts'
import { checkEditExpectation, checkWriteExpectation } from './write-guards.ts'

/** The tree walk and glob matcher load with the first `glob` (a first turn globs nothing). */
const treeWalk = lazyPart('fs: glob', () => import('./fs-walk.ts'))

export interface FileSystemOptions {
  /** Absolute workspace root; relative paths and the default cwd resolve against it. */
  root: string
  /** Fence used when a call passes no explicit SandboxPolicy. */
  sandboxMode: SandboxMode
}

export interface MutationOptions { sandboxPolicy?: SandboxPolicy; signal?: AbortSignal }

export class FileSystemCore {
  readonly root: string
  readonly sandboxMode: SandboxMode
  protected readonly backend: FsBackend
  private readonly locks = new PathLocks()
  /** The bus (kernel/cordis/service `eventBus`): `fs/change` is emitted per mutation. */
  private readonly events: EventsService

  constructor(events: EventsService, backend: FsBackend, options: FileSystemOptions) {
    this.events = events
    this.backend = backend
    this.root = resolvePath('/', options.root)
    this.sandboxMode = options.sandboxMode
  }

  /** Resolves `path` against `cwd` (itself relative to the root); throws on NUL bytes or absurd lengths. */
  resolve(path: string, options: { cwd?: string; signal?: AbortSignal } = {}): FsTarget {
    assertValidPathInput(path)
    throwIfAborted(options.signal)
    const cwd = options.cwd === undefined ? this.root : resolvePath(this.root, options.cwd)
    const key = resolvePath(cwd, path)
    return Object.freeze({ targetKey: key, displayPath: displayPath(this.root, key) })
  }

  processPath(target: FsTarget): string { return target.targetKey }
  fileUrl(target: FsTarget): string { return `file://${encodeURI(target.targetKey)}` }
  contains(parent: FsTarget, child: FsTarget): boolean { return isWithin(parent.targetKey, child.targetKey) }

  /** The policy a call runs under: the explicit one, else this provider's configured mode. */
  policy(sandboxPolicy?: SandboxPolicy): SandboxPolicy {
    return sandboxPolicy ?? { mode: this.sandboxMode }
  }

  /** Throws FS_SANDBOX_DENIED when `policy` forbids `access` to `target`. */
  checkAccess(target: FsTarget, access: FsAccess, sandboxPolicy?: SandboxPolicy): void {
    checkAccess(this.policy(sandboxPolicy), this.root, target.targetKey, access, target.displayPath)
  }

  /** Whether `access` to `target` passes the fence (no error is built). */
  allows(target: FsTarget, access: FsAccess, sandboxPolicy?: SandboxPolicy): boolean {
    return isAccessAllowed(this.policy(sandboxPolicy), this.root, target.targetKey, access)
  }

  async stat(target: FsTarget, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<FsStat | undefined> {
    const stat = await this.lstatTarget(target, signal, sandboxPolicy)
    if (!stat) return undefined
    const out: FsStat = { version: stat.version, type: stat.type === 'symlink' ? 'other' : stat.type } // field by field, like dirEntry
    if (stat.size !== undefined) out.size = stat.size
    if (stat.mtime !== undefined) out.mtime = stat.mtime
    return out
  }

  async lstat(path: string, options: { cwd?: string } = {}, signal?: AbortSignal): Promise<FsLstat | undefined> {
    return this.lstatTarget(this.resolve(path, { ...options, signal }), signal)
  }

  async readText(target: FsTarget, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<string> {
    await this.assertFile(target, signal, sandboxPolicy)
    return viaBackend(target.displayPath, () => this.backend.readText(target.targetKey))
  }

  async *streamText(target: FsTarget, signal?: AbortSignal): AsyncIterable<string> {
    yield await this.readText(target, signal)
  }

  /** Reads raw bytes; FS_TOO_LARGE when the file exceeds `maxBytes`. */
  async readBytes(target: FsTarget, signal: AbortSignal | undefined, maxBytes: number, sandboxPolicy?: SandboxPolicy): Promise<Uint8Array> {
    const stat = await this.assertFile(target, signal, sandboxPolicy)
    if (stat.size !== undefined && stat.size > maxBytes) {
      throw new FsError('FS_TOO_LARGE', `File too large: ${target.displayPath} is ${stat.size} bytes (limit ${maxBytes})`)
    }
    return viaBackend(target.displayPath, () => this.backend.readBytes(target.targetKey))
  }

  /** Name-sorted entries of a directory, without content. */
  async listDir(target: FsTarget, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<FsDirEntry[]> {
    const stat = await this.lstatTarget(target, signal, sandboxPolicy)
    if (!stat) throw notFound(target.displayPath)
    if (stat.type !== 'directory') throw notDirectory(target.displayPath)
    const entries = await viaBackend(target.displayPath, () => this.backend.readdir(target.targetKey))
    return entries.map((entry) => this.dirEntry(target, entry)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  /** Creates or replaces a text file (parents created) under an optional guard, atomically. */
  writeText(target: FsTarget, content: string, expected?: WriteExpectation, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<WriteResult> {
    return this.locks.run(target.targetKey, async () => {
      const current = await this.beginMutation(target, signal, sandboxPolicy)
      if (current?.type === 'directory') throw notRegularFile(target.displayPath)
      checkWriteExpectation(expected, current, target.displayPath)
      const before = current ? await this.textOrNull(target) : null
      if (!current) await this.ensureDirectory(dirname(target.targetKey), target.displayPath)
      const version = await this.write(target, content, false, !current)
      return { operation: current ? 'update' : 'create', version, before, after: content }
    })
  }

  /** Applies an exact-string edit under an optional version guard, atomically. */
  editText(target: FsTarget, edit: TextEdit, expected?: EditExpectation, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<EditResult> {
    return this.locks.run(target.targetKey, async () => {
      const current = await this.beginMutation(target, signal, sandboxPolicy)
      if (!current) throw notFound(target.displayPath)
      if (current.type === 'directory') throw notRegularFile(target.displayPath)
      checkEditExpectation(expected, current, target.displayPath)
      const before = await viaBackend(target.displayPath, () => this.backend.readText(target.targetKey))
      const after = applyTextEdit(before, edit, target.displayPath)
      const version = await this.write(target, after, false, false)
      return { version, before, after }
    })
  }

  /** Unguarded write or append of text or bytes (the shell's path); the parent must exist. */
  writeBytes(target: FsTarget, data: string | Uint8Array, options: MutationOptions & { append?: boolean } = {}): Promise<FsVersion> {
    return this.locks.run(target.targetKey, async () => {
      const current = await this.beginMutation(target, options.signal, options.sandboxPolicy)
      if (current?.type === 'directory') throw notRegularFile(target.displayPath)
      return this.write(target, data, options.append === true, !current)
    })
  }

  async mkdir(target: FsTarget, options: MutationOptions & { recursive?: boolean } = {}): Promise<void> {
    await this.beginMutation(target, options.signal, options.sandboxPolicy)
    await viaBackend(target.displayPath, () => this.backend.mkdir(target.targetKey, options.recursive === true))
    this.events.emit('fs/change', { kind: 'mkdir', path: target.targetKey })
  }

  async rm(target: FsTarget, options: MutationOptions & { recursive?: boolean; force?: boolean } = {}): Promise<void> {
    const current = await this.beginMutation(target, options.signal, options.sandboxPolicy)
    if (!current) {
      if (options.force) return
      throw notFound(target.displayPath)
    }
    await viaBackend(target.displayPath, () => this.backend.rm(target.targetKey, options.recursive === true))
    this.events.emit('fs/change', { kind: 'rm', path: target.targetKey })
  }

  async rename(from: FsTarget, to: FsTarget, options: MutationOptions = {}): Promise<void> {
    this.checkAccess(to, 'write', options.sandboxPolicy)
    if (!(await this.beginMutation(from, options.signal, options.sandboxPolicy))) throw notFound(from.displayPath)
    await viaBackend(from.displayPath, () => this.backend.rename(from.targetKey, to.targetKey))
    this.events.emit('fs/change', { kind: 'rename', path: from.targetKey, to: to.targetKey })
  }

  /** Files under `cwd` (default root) whose relative path matches `pattern`; VCS dirs skipped. */
  async glob(pattern: string, options: { cwd?: string; signal?: AbortSignal; sandboxPolicy?: SandboxPolicy } = {}): Promise<FsGlobMatch[]> {
    const base = this.resolve(options.cwd ?? '.', { signal: options.signal })
    const stat = await this.lstatTarget(base, options.signal, options.sandboxPolicy)
    if (!stat) throw notFound(base.displayPath)
    if (stat.type !== 'directory') throw notDirectory(base.displayPath)
    const files = await (await treeWalk()).walkFiles(this.backend, base.targetKey, pattern, options.signal)
    return files.map((file) => ({ target: this.child(base, file.relativePath), mtime: file.mtime }))
  }

  protected async lstatTarget(target: FsTarget, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<FsLstat | undefined> {
    throwIfAborted(signal)
    this.checkAccess(target, 'read', sandboxPolicy)
    return viaBackend(target.displayPath, () => this.backend.stat(target.targetKey))
  }

  /** Built field by field: spreading provider entries of mixed shapes (file/directory) is several times slower. */
  private dirEntry(parent: FsTarget, entry: FsBackendEntry): FsDirEntry {
    const out: FsDirEntry = { name: entry.name, type: entry.type, target: this.child(parent, entry.name) }
    if (entry.version !== undefined) out.version = entry.version
    if (entry.size !== undefined) out.size = entry.size
    if (entry.mtime !== undefined) out.mtime = entry.mtime
    return out
  }

  private child(parent: FsTarget, relative: string): FsTarget {
    const key = joinPath(parent.targetKey, relative)
    return Object.freeze({ targetKey: key, displayPath: displayPath(this.root, key) })
  }

  private async assertFile(target: FsTarget, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy): Promise<FsLstat> {
    const stat = await this.lstatTarget(target, signal, sandboxPolicy)
    if (!stat) throw notFound(target.displayPath)
    if (stat.type === 'directory') throw notRegularFile(target.displayPath)
    return stat
  }

  private async beginMutation(target: FsTarget, signal?: AbortSignal, sandboxPolicy?: SandboxPolicy) {
    throwIfAborted(signal)
    this.checkAccess(target, 'write', sandboxPolicy)
    return viaBackend(target.displayPath, () => this.backend.stat(target.targetKey))
  }

  private async textOrNull(target: FsTarget): Promise<string | null> {
    try {
      return await this.backend.readText(target.targetKey)
    } catch {
      return null // an existing non-UTF-8 file is replaced; its old content is not text
    }
  }

  private async ensureDirectory(path: string, display: string): Promise<void> {
    const stat = await viaBackend(display, () => this.backend.stat(path))
    if (stat?.type === 'directory') return
    if (stat) throw notDirectory(displayPath(this.root, path))
    await viaBackend(display, () => this.backend.mkdir(path, true))
    this.events.emit('fs/change', { kind: 'mkdir', path })
  }

  private async write(target: FsTarget, data: string | Uint8Array, append: boolean, created: boolean): Promise<FsVersion> {
    const version = await viaBackend(target.displayPath, () => this.backend.write(target.targetKey, data, append))
    this.events.emit('fs/change', { kind: 'write', path: target.targetKey, version, created })
    return version
  }
}
