/**
 * FsBackend over a WebContainer's fs (`wc.fs`), whose paths are relative to its workdir: the
 * workspace root maps onto that workdir. Versions are content-derived (size + hash) and read
 * fresh on every stat, so ctx.fs's per-path lock rechecks them. Plane: worker/page.
 * @module fs-webcontainer/webcontainer-backend
 */
import { FsError, isFsError } from '../fs/errors.ts'
import { basename, dirname, isWithin } from '../fs/path-policy.ts'
import type { FsBackend, FsBackendEntry, FsBackendStat, FsVersion } from '../fs/types.ts'
import { decodeUtf8, encodeUtf8 } from '../fs/utf8.ts'
import type { WebContainerLike } from './boot.ts'
import { contentVersion } from './content-version.ts'
import { fromWebContainerError } from './wc-errors.ts'

export class WebContainerBackend implements FsBackend {
  private readonly container: () => Promise<WebContainerLike>
  private readonly root: string

  constructor(container: () => Promise<WebContainerLike>, root: string) {
    this.container = container
    this.root = root
  }

  async stat(path: string): Promise<FsBackendStat | undefined> {
    if (path === this.root) return { type: 'directory', version: 'dir' }
    const parent = await this.entries(dirname(path)).catch((error: unknown) => {
      if (isFsError(error, 'FS_NOT_FOUND') || isFsError(error, 'FS_NOT_DIRECTORY')) return undefined
      throw error // an I/O or bridge failure is not "no such file"
    })
    const entry = parent?.find((candidate) => candidate.name === basename(path))
    if (!entry) return undefined
    if (entry.type !== 'file') return { type: entry.type, version: entry.type }
    const bytes = await this.readBytes(path)
    return { type: 'file', version: contentVersion(bytes), size: bytes.length }
  }

  readBytes(path: string): Promise<Uint8Array> {
    return this.call(path, (wc, rel) => wc.fs.readFile(rel))
  }

  async readText(path: string): Promise<string> {
    return decodeUtf8(await this.readBytes(path), path)
  }

  async write(path: string, data: string | Uint8Array, append: boolean): Promise<FsVersion> {
    const fresh = typeof data === 'string' ? encodeUtf8(data) : data
    const bytes = append ? concat(await this.readBytes(path).catch(() => new Uint8Array(0)), fresh) : fresh
    await this.call(path, (wc, rel) => wc.fs.writeFile(rel, bytes))
    return contentVersion(bytes)
  }

  async mkdir(path: string, recursive: boolean): Promise<void> {
    await this.call(path, async (wc, rel) => {
      if (recursive) await wc.fs.mkdir(rel, { recursive: true })
      else await wc.fs.mkdir(rel)
    })
  }

  async readdir(path: string): Promise<FsBackendEntry[]> {
    return this.entries(path)
  }

  async rm(path: string, recursive: boolean): Promise<void> {
    await this.call(path, (wc, rel) => wc.fs.rm(rel, { recursive }))
  }

  async rename(from: string, to: string): Promise<void> {
    const target = this.relative(to)
    await this.call(from, (wc, rel) => wc.fs.rename(rel, target))
  }

  private entries(path: string): Promise<FsBackendEntry[]> {
    return this.call(path, async (wc, rel) => {
      const dirents = await wc.fs.readdir(rel, { withFileTypes: true })
      return dirents.map((d): FsBackendEntry => ({ name: d.name, type: d.isDirectory() ? 'directory' : d.isFile() ? 'file' : 'other' }))
    })
  }

  /** The container-relative path; anything outside the workspace root does not exist in the container. */
  private relative(path: string): string {
    if (!isWithin(this.root, path)) {
      throw new FsError('FS_PERMISSION_DENIED', `Outside the WebContainer workspace: ${path}`)
    }
    return path === this.root ? '.' : path.slice(this.root === '/' ? 1 : this.root.length + 1)
  }

  private async call<T>(path: string, run: (wc: WebContainerLike, relative: string) => Promise<T>): Promise<T> {
    const relative = this.relative(path)
    const wc = await this.container()
    try {
      return await run(wc, relative)
    } catch (error) {
      throw fromWebContainerError(error, path)
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}
