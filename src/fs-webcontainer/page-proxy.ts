/**
 * The worker-side half of the WebContainer bridge: a `WebContainerLike` that forwards every call
 * over a MessagePort to the page-side host (components/webcontainer-host/webcontainer-host.ts). Plane: worker;
 * DOM-free. Contract: output streams chunk by chunk, `kill()` reaches the page, and once the page
 * goes away every pending and later call fails with `WebContainerBridgeError` (never hangs).
 * @module fs-webcontainer/page-proxy
 */
import { fromWireError, WebContainerBridgeError } from '../protocol/webcontainer/errors.ts'
import type { BridgeNotice, BridgeRequest, BridgeRequestKind, BridgeResultMap, BridgeSignal, FileSystemTree, SpawnEnv, WebContainerDirent, WebContainerLike, WebContainerProcessLike, WireDirent } from '../protocol/webcontainer/messages.ts'
import { validateBridgeNotice } from '../protocol/webcontainer/validate.ts'
import { ProxyProcess } from './proxy-process.ts'

type RequestOf<K extends BridgeRequestKind> = Omit<Extract<BridgeRequest, { kind: K }>, 'id'>

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
}

export class WebContainerProxy implements WebContainerLike {
  readonly #port: MessagePort
  readonly #pending = new Map<number, Pending>()
  readonly #processes = new Map<number, ProxyProcess>()
  #nextId = 1
  #gone: WebContainerBridgeError | undefined

  constructor(port: MessagePort) {
    this.#port = port
    port.addEventListener('message', (event: MessageEvent) => this.#receive(event.data))
    port.addEventListener('close', () => this.#fail('the page closed the WebContainer channel'))
    port.start()
  }

  /** Asks the page to boot its WebContainer (once per page); resolves with this proxy. */
  async boot(): Promise<WebContainerLike> {
    await this.#call({ kind: 'container.boot' })
    return this
  }

  readonly fs: WebContainerLike['fs'] = {
    readFile: (path: string) => this.#call({ kind: 'fs.readFile', path }),
    writeFile: async (path: string, data: Uint8Array) => { await this.#call({ kind: 'fs.writeFile', path, data }) },
    readdir: async (path: string): Promise<WebContainerDirent[]> => (await this.#call({ kind: 'fs.readdir', path })).map(toDirent),
    mkdir: (path: string, options?: { recursive: true }) => this.#call({ kind: 'fs.mkdir', path, recursive: options?.recursive === true }),
    rm: async (path: string, options: { recursive?: boolean; force?: boolean } = {}) => {
      await this.#call({ kind: 'fs.rm', path, recursive: options.recursive === true, force: options.force === true })
    },
    rename: async (from: string, to: string) => { await this.#call({ kind: 'fs.rename', from, to }) },
  }

  async mount(tree: FileSystemTree): Promise<void> {
    await this.#call({ kind: 'container.mount', tree })
  }

  /** Spawns on the page; chunks that arrive before the spawn is confirmed are kept in order. */
  async spawn(command: string, args: string[], options: { cwd?: string; env?: SpawnEnv } = {}): Promise<WebContainerProcessLike> {
    const id = this.#nextId++
    const process = new ProxyProcess(() => this.#signal({ kind: 'process.kill', pid: id }))
    this.#processes.set(id, process)
    try {
      await this.#call({ kind: 'process.spawn', command, args, ...options }, id)
    } catch (error) {
      this.#processes.delete(id)
      throw error
    }
    return process
  }

  /** Detaches from the page: pending calls fail with `WEBCONTAINER_PAGE_GONE` and the port closes. */
  close(reason: string): void {
    this.#fail(reason)
    this.#port.close()
  }

  #call<K extends BridgeRequestKind>(request: { kind: K } & RequestOf<K>, id = this.#nextId++): Promise<BridgeResultMap[K]> {
    if (this.#gone) return Promise.reject(this.#gone)
    return new Promise<BridgeResultMap[K]>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.#port.postMessage({ ...request, id })
    })
  }

  #signal(signal: BridgeSignal): void {
    if (!this.#gone) this.#port.postMessage(signal)
  }

  #receive(data: unknown): void {
    let notice: BridgeNotice
    try {
      notice = validateBridgeNotice(data)
    } catch (error) {
      const id = (data as { id?: unknown } | null)?.id
      const pending = typeof id === 'number' ? this.#pending.get(id) : undefined
      if (pending) this.#settle(id as number, () => pending.reject(error as Error))
      return // a malformed notice naming no pending call changes nothing
    }
    this.#apply(notice)
  }

  #apply(notice: BridgeNotice): void {
    switch (notice.kind) {
      case 'call.result': return this.#settle(notice.id, (p) => p.resolve(notice.value))
      case 'call.failed': return this.#settle(notice.id, (p) => p.reject(fromWireError(notice.error)))
      case 'process.output': return this.#process(notice.pid, (p) => p.chunk(notice.chunk))
      case 'process.output-end': return this.#process(notice.pid, (p) => p.end())
      case 'process.exited': return this.#process(notice.pid, (p) => p.exited(notice.exitCode))
      case 'process.failed': return this.#process(notice.pid, (p) => p.fail(fromWireError(notice.error)))
      case 'host.closed': return this.#fail(notice.reason)
    }
  }

  #settle(id: number, settle: (pending: Pending) => void): void {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    settle(pending)
  }

  /** Applies a process notice; the process is forgotten once its output ended and its exit is known. */
  #process(pid: number, apply: (process: ProxyProcess) => void): void {
    const process = this.#processes.get(pid)
    if (!process) return
    apply(process)
    if (process.settled) this.#processes.delete(pid)
  }

  #fail(reason: string): void {
    if (this.#gone) return
    this.#gone = new WebContainerBridgeError('WEBCONTAINER_PAGE_GONE', `The page's WebContainer host went away (${reason}); the call did not complete.`)
    for (const pending of this.#pending.values()) pending.reject(this.#gone)
    for (const process of this.#processes.values()) process.fail(this.#gone)
    this.#pending.clear()
    this.#processes.clear()
  }
}

function toDirent(wire: WireDirent): WebContainerDirent {
  return { name: wire.name, isFile: () => wire.type === 'file', isDirectory: () => wire.type === 'directory' }
}
