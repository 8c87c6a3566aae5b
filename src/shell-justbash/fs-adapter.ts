/**
 * just-bash's IFileSystem over `ctx.fs`, bound to one sandbox policy: bash and the fs tools
 * share one world, and every shell write passes the same fences. `/dev/*` streams are sinks.
 * Plane: worker. Contract: failures are Node-style errors just-bash understands.
 * @module shell-justbash/fs-adapter
 */
import type { FsStat as BashStat, IFileSystem } from 'just-bash/browser'
import { isFsError } from '../fs/errors.ts'
import type { FsOperations } from '../fs/file-system.ts'
import { normalizePath, resolvePath as resolveAgainst } from '../fs/path-policy.ts'
import { symlinkRefused } from '../fs/sandbox.ts'
import type { FsTarget, SandboxPolicy } from '../fs/types.ts'
import { bytesToLatin1, latin1ToBytes } from './latin1.ts'
import { NodeStyleError, toNodeError } from './node-errors.ts'

type ByteString = Awaited<ReturnType<NonNullable<IFileSystem['readFileBytes']>>>
type Encoding = string | { encoding?: string | null } | null | undefined

const DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/stdin', '/dev/stdout', '/dev/stderr', '/dev/tty'])
const BYTE_ENCODINGS = new Set(['binary', 'latin1'])
const lenientDecoder = new TextDecoder('utf-8', { fatal: false })

const encodingOf = (options: Encoding): string | undefined =>
  (typeof options === 'string' ? options : options?.encoding) ?? undefined

function deviceStat(): BashStat {
  return { isFile: true, isDirectory: false, isSymbolicLink: false, mode: 0o666, size: 0, mtime: new Date(0) }
}

export class WorkspaceFsAdapter implements IFileSystem {
  private readonly fs: FsOperations
  private readonly policy: SandboxPolicy

  constructor(fs: FsOperations, policy: SandboxPolicy) {
    this.fs = fs
    this.policy = policy
  }

  async readFile(path: string, options?: Encoding): Promise<string> {
    if (DEVICES.has(normalizePath(path))) return ''
    if (BYTE_ENCODINGS.has(encodingOf(options) ?? '')) return bytesToLatin1(await this.readFileBuffer(path))
    try {
      return await this.fs.readText(this.fs.resolve(path), undefined, this.policy)
    } catch (error) {
      if (!isFsError(error, 'FS_NOT_TEXT')) throw toNodeError(error, 'open', path)
      return lenientDecoder.decode(await this.readFileBuffer(path)) // binary read as text, like cat would
    }
  }

  async readFileBytes(path: string): Promise<ByteString> {
    return bytesToLatin1(await this.readFileBuffer(path)) as unknown as ByteString
  }

  async readFileBuffer(path: string): Promise<Uint8Array> {
    if (DEVICES.has(normalizePath(path))) return new Uint8Array(0)
    return this.call('open', path, (t) => this.fs.readBytes(t, undefined, Number.MAX_SAFE_INTEGER, this.policy))
  }

  writeFile(path: string, content: string | Uint8Array, options?: Encoding): Promise<void> {
    return this.write(path, content, options, false)
  }

  appendFile(path: string, content: string | Uint8Array, options?: Encoding): Promise<void> {
    return this.write(path, content, options, true)
  }

  async exists(path: string): Promise<boolean> {
    if (DEVICES.has(normalizePath(path))) return true
    try {
      const target = this.fs.resolve(path)
      return this.fs.allows(target, 'read', this.policy) && (await this.fs.stat(target, undefined, this.policy)) !== undefined
    } catch {
      return false // unreadable under the sandbox counts as absent, like a hidden path
    }
  }

  async stat(path: string): Promise<BashStat> {
    if (DEVICES.has(normalizePath(path))) return deviceStat()
    const stat = await this.call('stat', path, (t) => this.fs.stat(t, undefined, this.policy))
    if (!stat) throw new NodeStyleError('ENOENT', `ENOENT: no such file or directory, stat '${path}'`)
    const isDirectory = stat.type === 'directory'
    return { isFile: stat.type === 'file', isDirectory, isSymbolicLink: false, mode: isDirectory ? 0o755 : 0o644, size: stat.size ?? 0, mtime: new Date(stat.mtime ?? 0) }
  }

  lstat(path: string): Promise<BashStat> {
    return this.stat(path)
  }

  async mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
    await this.call('mkdir', path, (t) => this.fs.mkdir(t, { recursive: options?.recursive, sandboxPolicy: this.policy }))
  }

  async readdir(path: string): Promise<string[]> {
    return (await this.call('scandir', path, (t) => this.fs.listDir(t, undefined, this.policy))).map((entry) => entry.name)
  }

  async readdirWithFileTypes(path: string) {
    const entries = await this.call('scandir', path, (t) => this.fs.listDir(t, undefined, this.policy))
    return entries.map((entry) => ({ name: entry.name, isFile: entry.type === 'file', isDirectory: entry.type === 'directory', isSymbolicLink: false }))
  }

  async rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> {
    await this.call('rm', path, (t) => this.fs.rm(t, { recursive: options?.recursive, force: options?.force, sandboxPolicy: this.policy }))
  }

  async cp(src: string, dest: string, options?: { recursive?: boolean }): Promise<void> {
    const stat = await this.stat(src)
    if (!stat.isDirectory) return this.writeFile(dest, await this.readFileBuffer(src))
    if (!options?.recursive) throw new NodeStyleError('EISDIR', `EISDIR: illegal operation on a directory, cp '${src}'`)
    await this.mkdir(dest, { recursive: true })
    for (const name of await this.readdir(src)) await this.cp(`${src}/${name}`, `${dest}/${name}`, options)
  }

  async mv(src: string, dest: string): Promise<void> {
    await this.call('mv', src, (from) => this.fs.rename(from, this.fs.resolve(dest), { sandboxPolicy: this.policy }))
  }

  resolvePath(base: string, path: string): string {
    return resolveAgainst(base, path)
  }

  getAllPaths(): string[] {
    return []
  }

  async chmod(path: string): Promise<void> {
    await this.requireWritable('chmod', path)
  }

  async symlink(_target: string, linkPath: string): Promise<void> {
    throw toNodeError(symlinkRefused(linkPath), 'symlink', linkPath)
  }

  async link(_existingPath: string, newPath: string): Promise<void> {
    throw toNodeError(symlinkRefused(newPath), 'link', newPath)
  }

  async readlink(path: string): Promise<string> {
    await this.stat(path)
    throw new NodeStyleError('EINVAL', `EINVAL: invalid argument, readlink '${path}'`)
  }

  async realpath(path: string): Promise<string> {
    await this.stat(path)
    return normalizePath(path)
  }

  async utimes(path: string): Promise<void> {
    await this.requireWritable('utime', path)
  }

  private async requireWritable(operation: string, path: string): Promise<void> {
    await this.stat(path)
    await this.call(operation, path, async (t) => this.fs.checkAccess(t, 'write', this.policy))
  }

  private async write(path: string, content: string | Uint8Array, options: Encoding, append: boolean): Promise<void> {
    if (DEVICES.has(normalizePath(path))) return
    const data = typeof content === 'string' && BYTE_ENCODINGS.has(encodingOf(options) ?? '') ? latin1ToBytes(content) : content
    await this.call('open', path, (t) => this.fs.writeBytes(t, data, { append, sandboxPolicy: this.policy }))
  }

  private async call<T>(operation: string, path: string, run: (target: FsTarget) => Promise<T>): Promise<T> {
    try {
      return await run(this.fs.resolve(path))
    } catch (error) {
      throw toNodeError(error, operation, path)
    }
  }
}
