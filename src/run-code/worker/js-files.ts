/**
 * The file system a `node` run sees: the workspace image as a map of paths to bytes plus the
 * directories they imply (and those the program makes), read and written synchronously by the
 * QuickJS host functions; what it holds at the end is compared with the image. Plane: runtime worker.
 * @module run-code/worker/js-files
 */
const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class JsFiles {
  readonly files: Map<string, Uint8Array>
  readonly #dirs = new Set<string>()

  constructor(files: ReadonlyMap<string, Uint8Array>, root: string) {
    this.files = new Map(files)
    this.#dirs.add('/')
    this.#addParents(`${root}/.`)
    for (const path of this.files.keys()) this.#addParents(path)
  }

  #addParents(path: string): void {
    for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1)) this.#dirs.add(path.slice(0, i))
  }

  stat(path: string): { type: 'file' | 'directory'; size: number } | undefined {
    const file = this.files.get(path)
    if (file) return { type: 'file', size: file.length }
    return this.#dirs.has(path) ? { type: 'directory', size: 0 } : undefined
  }

  read(path: string): string | undefined {
    const file = this.files.get(path)
    return file && decoder.decode(file)
  }

  write(path: string, text: string, append: boolean): void {
    if (this.#dirs.has(path)) throw new Error(`EISDIR: illegal operation on a directory, open '${path}'`)
    const parent = path.slice(0, path.lastIndexOf('/')) || '/'
    if (!this.#dirs.has(parent)) throw new Error(`ENOENT: no such file or directory, open '${path}'`)
    const bytes = encoder.encode(text)
    const before = append ? this.files.get(path) : undefined
    this.files.set(path, before ? new Uint8Array([...before, ...bytes]) : bytes)
  }

  list(dir: string): string[] | undefined {
    if (!this.#dirs.has(dir)) return undefined
    const prefix = dir === '/' ? '/' : `${dir}/`
    const names = new Set<string>()
    for (const path of [...this.files.keys(), ...this.#dirs]) {
      if (path.startsWith(prefix) && path.length > prefix.length) names.add(path.slice(prefix.length).split('/')[0]!)
    }
    return [...names].sort()
  }

  mkdir(path: string, recursive: boolean): void {
    const parent = path.slice(0, path.lastIndexOf('/')) || '/'
    if (!recursive && !this.#dirs.has(parent)) throw new Error(`ENOENT: no such file or directory, mkdir '${path}'`)
    if (this.files.has(path)) throw new Error(`EEXIST: file already exists, mkdir '${path}'`)
    this.#addParents(`${path}/.`)
  }

  /** Removes a file (or, `recursive`, a directory and what it holds); false when nothing was there. */
  remove(path: string, recursive: boolean): boolean {
    if (this.files.delete(path)) return true
    if (!this.#dirs.has(path)) return false
    const prefix = `${path}/`
    const inside = [...this.files.keys()].filter((p) => p.startsWith(prefix))
    if (inside.length > 0 && !recursive) throw new Error(`ENOTEMPTY: directory not empty, rmdir '${path}'`)
    for (const p of inside) this.files.delete(p)
    for (const d of this.#dirs) if (d === path || d.startsWith(prefix)) this.#dirs.delete(d)
    return true
  }
}
