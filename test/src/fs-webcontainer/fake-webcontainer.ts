/**
 * A faithful in-memory fake of the `@webcontainer/api` surface the providers use: `fs.readFile,
 * writeFile, readdir({withFileTypes}), mkdir, rm, rename` over workdir-relative paths with
 * Node-style errors (`ENOENT: …` + code), `mount(tree)`, and `spawn` returning `{output, exit, kill}`.
 * Commands are answered by a test-supplied handler (no real jsh offline).
 * @module test/src/fs-webcontainer/fake-webcontainer
 */
import type { FileSystemTree } from '@webcontainer/api'
import type { WebContainerLike } from '../../../src/fs-webcontainer/boot.ts'

type Node = { kind: 'file'; data: Uint8Array } | { kind: 'dir' }

export interface FakeProcessScript {
  /** Output chunks, emitted one per macrotask. */
  chunks?: string[]
  exitCode?: number
  /** Never exits on its own (until killed). */
  hang?: boolean
}

export type CommandHandler = (command: string, args: string[], options: { cwd?: string; env?: Record<string, unknown> }) => FakeProcessScript

function nodeError(code: string, text: string, op: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${text}, ${op} '/home/projects/workspace/${path}'`), { code })
}

export class FakeWebContainer {
  readonly nodes = new Map<string, Node>([['', { kind: 'dir' }]])
  readonly spawned: { command: string; args: string[]; cwd?: string; killed: boolean }[] = []
  handler: CommandHandler = () => ({ exitCode: 0 })

  private key(path: string): string {
    return path.split('/').filter((p) => p !== '' && p !== '.').join('/')
  }

  private parentOf(key: string): string {
    return key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : ''
  }

  private requireDir(key: string, op: string): void {
    const node = this.nodes.get(key)
    if (!node) throw nodeError('ENOENT', 'no such file or directory', op, key)
    if (node.kind !== 'dir') throw nodeError('ENOTDIR', 'not a directory', op, key)
  }

  private children(key: string): string[] {
    const prefix = key === '' ? '' : `${key}/`
    return [...this.nodes.keys()].filter((k) => k !== key && k.startsWith(prefix) && !k.slice(prefix.length).includes('/'))
  }

  readonly fs = {
    readFile: async (path: string, encoding?: string | null): Promise<any> => {
      const node = this.nodes.get(this.key(path))
      if (!node) throw nodeError('ENOENT', 'no such file or directory', 'open', path)
      if (node.kind === 'dir') throw nodeError('EISDIR', 'illegal operation on a directory', 'read', path)
      return encoding ? new TextDecoder().decode(node.data) : node.data.slice()
    },
    writeFile: async (path: string, data: string | Uint8Array): Promise<void> => {
      const key = this.key(path)
      this.requireDir(this.parentOf(key), 'open')
      if (this.nodes.get(key)?.kind === 'dir') throw nodeError('EISDIR', 'illegal operation on a directory', 'open', path)
      this.nodes.set(key, { kind: 'file', data: typeof data === 'string' ? new TextEncoder().encode(data) : data.slice() })
    },
    readdir: async (path: string, options?: { withFileTypes?: boolean }): Promise<any> => {
      const key = this.key(path)
      this.requireDir(key, 'scandir')
      const names = this.children(key).map((k) => ({ name: k.slice(k.lastIndexOf('/') + 1), node: this.nodes.get(k)! }))
      if (!options?.withFileTypes) return names.map((n) => n.name)
      return names.map(({ name, node }) => ({ name, isFile: () => node.kind === 'file', isDirectory: () => node.kind === 'dir' }))
    },
    mkdir: async (path: string, options?: { recursive?: boolean }): Promise<any> => {
      const key = this.key(path)
      if (this.nodes.has(key)) {
        if (options?.recursive && this.nodes.get(key)!.kind === 'dir') return undefined
        throw nodeError('EEXIST', 'file already exists', 'mkdir', path)
      }
      if (options?.recursive) {
        const parts = key.split('/')
        for (let i = 1; i <= parts.length; i++) {
          const partial = parts.slice(0, i).join('/')
          if (!this.nodes.has(partial)) this.nodes.set(partial, { kind: 'dir' })
        }
        return path
      }
      this.requireDir(this.parentOf(key), 'mkdir')
      this.nodes.set(key, { kind: 'dir' })
    },
    rm: async (path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void> => {
      const key = this.key(path)
      const node = this.nodes.get(key)
      if (!node) {
        if (options?.force) return
        throw nodeError('ENOENT', 'no such file or directory', 'rm', path)
      }
      if (node.kind === 'dir' && this.children(key).length > 0 && !options?.recursive) throw nodeError('ENOTEMPTY', 'directory not empty', 'rm', path)
      for (const k of Array.from(this.nodes.keys())) if (k === key || k.startsWith(`${key}/`)) this.nodes.delete(k)
    },
    rename: async (from: string, to: string): Promise<void> => {
      const src = this.key(from)
      const dest = this.key(to)
      if (!this.nodes.has(src)) throw nodeError('ENOENT', 'no such file or directory', 'rename', from)
      this.requireDir(this.parentOf(dest), 'rename')
      for (const [k, node] of Array.from(this.nodes)) {
        if (k === src || k.startsWith(`${src}/`)) {
          this.nodes.delete(k)
          this.nodes.set(dest + k.slice(src.length), node)
        }
      }
    },
  }

  async mount(tree: FileSystemTree, prefix = ''): Promise<void> {
    for (const [name, node] of Object.entries(tree)) {
      const key = prefix ? `${prefix}/${name}` : name
      if ('directory' in node) {
        this.nodes.set(key, { kind: 'dir' })
        await this.mount(node.directory, key)
      } else if ('file' in node && 'contents' in node.file) {
        const contents = node.file.contents
        this.nodes.set(key, { kind: 'file', data: typeof contents === 'string' ? new TextEncoder().encode(contents) : contents })
      }
    }
  }

  async spawn(command: string, args: string[], options: { cwd?: string; env?: Record<string, unknown> } = {}) {
    const record = { command, args, cwd: options.cwd, killed: false }
    this.spawned.push(record)
    const script = this.handler(command, args, options)
    let finish!: (code: number) => void
    const exit = new Promise<number>((resolve) => { finish = resolve })
    let close!: () => void
    const output = new ReadableStream<string>({
      async start(controller) {
        close = () => { try { controller.close() } catch { /* already closed */ } }
        for (const chunk of script.chunks ?? []) {
          await new Promise((resolve) => setTimeout(resolve, 0))
          if (record.killed) return
          controller.enqueue(chunk)
        }
        if (!script.hang) { close(); finish(script.exitCode ?? 0) }
      },
    })
    return {
      output, exit, input: new WritableStream<string>(), resize: () => {},
      kill: () => { record.killed = true; close(); finish(143) },
    }
  }

  asWebContainer(): WebContainerLike {
    return this as unknown as WebContainerLike
  }
}
