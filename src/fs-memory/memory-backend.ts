/**
 * The embedded virtual filesystem: a flat map of absolute paths to file and directory nodes,
 * with a global monotonic version counter. Plane: worker; no DOM, no `node:`.
 * Contract: implements FsBackend; every mutated path is reported to `onChange` (the mirror).
 * @module fs-memory/memory-backend
 */
import { alreadyExists, directoryNotEmpty, FsError, notDirectory, notFound, notRegularFile } from '../fs/errors.ts'
import { basename, dirname, isWithin } from '../fs/path-policy.ts'
import type { FsBackend, FsBackendEntry, FsBackendStat, FsVersion } from '../fs/types.ts'
import { decodeUtf8, encodeUtf8, utf8Length } from '../fs/utf8.ts'

export type MemoryNode =
  | { kind: 'file'; data: string | Uint8Array; size: number; version: number; mtime: number }
  | { kind: 'directory'; version: number; mtime: number }

export type ChangeListener = (path: string, node: MemoryNode | undefined) => void

function concat(a: string | Uint8Array, b: string | Uint8Array): string | Uint8Array {
  if (typeof a === 'string' && typeof b === 'string') return a + b
  const left = typeof a === 'string' ? encodeUtf8(a) : a
  const right = typeof b === 'string' ? encodeUtf8(b) : b
  const joined = new Uint8Array(left.length + right.length)
  joined.set(left)
  joined.set(right, left.length)
  return joined
}

export class MemoryBackend implements FsBackend {
  readonly #nodes = new Map<string, MemoryNode>()
  readonly #children = new Map<string, Set<string>>()
  #counter = 0
  onChange: ChangeListener | undefined

  constructor() {
    this.#put('/', { kind: 'directory', version: 0, mtime: Date.now() }, false)
  }

  /** Restores nodes (parents before children) without reporting them as changes. */
  restore(entries: Iterable<[string, MemoryNode]>): void {
    const sorted = [...entries].sort(([a], [b]) => a.length - b.length)
    for (const [path, node] of sorted) {
      if (path !== '/' && !this.#nodes.has(dirname(path))) this.#mkdirp(dirname(path), false)
      this.#put(path, node, false)
      this.#counter = Math.max(this.#counter, node.version)
    }
  }

  get size(): number { return this.#nodes.size }

  async stat(path: string): Promise<FsBackendStat | undefined> {
    const node = this.#nodes.get(path)
    if (!node) return undefined
    return node.kind === 'file'
      ? { type: 'file', version: String(node.version), size: node.size, mtime: node.mtime }
      : { type: 'directory', version: String(node.version), mtime: node.mtime }
  }

  async readBytes(path: string): Promise<Uint8Array> {
    const data = this.#file(path).data
    return typeof data === 'string' ? encodeUtf8(data) : data
  }

  async readText(path: string): Promise<string> {
    const data = this.#file(path).data
    return typeof data === 'string' ? data : decodeUtf8(data, path)
  }

  async write(path: string, data: string | Uint8Array, append: boolean): Promise<FsVersion> {
    this.#directory(dirname(path))
    const existing = this.#nodes.get(path)
    if (existing?.kind === 'directory') throw notRegularFile(path)
    const content = append && existing ? concat(existing.data, data) : data
    const size = typeof content === 'string' ? utf8Length(content) : content.length
    const version = ++this.#counter
    this.#put(path, { kind: 'file', data: content, size, version, mtime: Date.now() }, true)
    return String(version)
  }

  async mkdir(path: string, recursive: boolean): Promise<void> {
    const existing = this.#nodes.get(path)
    if (existing) {
      if (recursive && existing.kind === 'directory') return
      throw alreadyExists(path)
    }
    if (recursive) this.#mkdirp(path, true)
    else {
      this.#directory(dirname(path))
      this.#put(path, { kind: 'directory', version: ++this.#counter, mtime: Date.now() }, true)
    }
  }

  async readdir(path: string): Promise<FsBackendEntry[]> {
    this.#directory(path)
    return [...(this.#children.get(path) ?? [])].map((name) => {
      const node = this.#nodes.get(path === '/' ? `/${name}` : `${path}/${name}`)!
      return node.kind === 'file'
        ? { name, type: 'file', size: node.size, mtime: node.mtime, version: String(node.version) }
        : { name, type: 'directory', mtime: node.mtime, version: String(node.version) }
    })
  }

  async rm(path: string, recursive: boolean): Promise<void> {
    const node = this.#nodes.get(path)
    if (!node) throw notFound(path)
    if (path === '/') throw new FsError('FS_PERMISSION_DENIED', 'The filesystem root cannot be removed')
    if (node.kind === 'directory' && (this.#children.get(path)?.size ?? 0) > 0 && !recursive) throw directoryNotEmpty(path)
    for (const key of this.#subtree(path)) this.#delete(key)
  }

  async rename(from: string, to: string): Promise<void> {
    const node = this.#nodes.get(from)
    if (!node) throw notFound(from)
    if (from === to) return
    if (node.kind === 'directory' && isWithin(from, to)) {
      throw new FsError('FS_PERMISSION_DENIED', `Cannot move a directory into itself: ${from}`)
    }
    this.#directory(dirname(to))
    const target = this.#nodes.get(to)
    if (target?.kind === 'directory') {
      if (node.kind === 'file') throw notRegularFile(to)
      if ((this.#children.get(to)?.size ?? 0) > 0) throw directoryNotEmpty(to)
    }
    if (target) this.#delete(to)
    const moved = this.#subtree(from).map((key) => [key, this.#nodes.get(key)!] as const)
    for (const [key] of [...moved].reverse()) this.#delete(key)
    for (const [key, value] of moved) this.#put(to + key.slice(from.length), value, true)
  }

  #file(path: string): Extract<MemoryNode, { kind: 'file' }> {
    const node = this.#nodes.get(path)
    if (!node) throw notFound(path)
    if (node.kind !== 'file') throw notRegularFile(path)
    return node
  }

  #directory(path: string): void {
    const node = this.#nodes.get(path)
    if (!node) throw notFound(path)
    if (node.kind !== 'directory') throw notDirectory(path)
  }

  #mkdirp(path: string, report: boolean): void {
    const missing: string[] = []
    let current = path
    for (; !this.#nodes.has(current); current = dirname(current)) missing.push(current)
    if (this.#nodes.get(current)!.kind !== 'directory') throw notDirectory(current)
    for (const dir of missing.reverse()) this.#put(dir, { kind: 'directory', version: ++this.#counter, mtime: Date.now() }, report)
  }

  /** `path` and every descendant, parents first. */
  #subtree(path: string): string[] {
    const keys = [path]
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!
      for (const name of this.#children.get(key) ?? []) keys.push(key === '/' ? `/${name}` : `${key}/${name}`)
    }
    return keys
  }

  #put(path: string, node: MemoryNode, report: boolean): void {
    this.#nodes.set(path, node)
    if (path !== '/') {
      const parent = dirname(path)
      let siblings = this.#children.get(parent)
      if (!siblings) this.#children.set(parent, (siblings = new Set()))
      siblings.add(basename(path))
    }
    if (report) this.onChange?.(path, node)
  }

  #delete(path: string): void {
    this.#nodes.delete(path)
    this.#children.delete(path)
    this.#children.get(dirname(path))?.delete(basename(path))
    this.onChange?.(path, undefined)
  }
}
