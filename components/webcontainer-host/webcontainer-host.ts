/**
 * Page-side half of the WebContainer bridge: serves the worker's proxy over one MessagePort (boot, mount, fs, `jsh` processes chunk by chunk).
 * Plane: main; `@webcontainer/api` only via page-boot.ts's lazy import.
 * Contract: each request gets exactly one `call.result`/`call.failed`; closing kills this bridge's processes and tells the worker.
 * @module components/webcontainer-host/webcontainer-host
 */
import { toWireError } from '../../src/protocol/webcontainer/errors.ts'
import type { BridgeNotice, BridgeRequest, BridgeResultMap, WebContainerLike, WebContainerProcessLike, WireDirent } from '../../src/protocol/webcontainer/messages.ts'
import { bootPageWebContainer } from '../../src/protocol/webcontainer/page-boot.ts'
import { validateBridgeRequest } from '../../src/protocol/webcontainer/validate.ts'

export interface WebContainerHostOptions {
  /** Where the container comes from (default: the page's one real boot); test pages inject a fake. */
  boot?: () => Promise<WebContainerLike>
  /** Called once if the boot fails, with the named error (the element shows its message). */
  onBootFailure?: (error: Error) => void
}

export interface WebContainerHost {
  /** Stops serving: kills this bridge's processes, sends `host.closed` and closes the port. Idempotent. */
  close(reason?: string): void
}

type Result = BridgeResultMap[BridgeRequest['kind']]

class BridgeHost implements WebContainerHost {
  readonly #port: MessagePort
  readonly #options: WebContainerHostOptions
  readonly #processes = new Map<number, WebContainerProcessLike>()
  #container: Promise<WebContainerLike> | undefined
  #closed = false

  constructor(port: MessagePort, options: WebContainerHostOptions) {
    this.#port = port
    this.#options = options
    port.addEventListener('message', (event: MessageEvent) => void this.#receive(event.data))
    port.addEventListener('close', () => this.#stop()) // the worker end went away (where the platform reports it)
    port.start()
  }

  close(reason = 'the page stopped serving WebContainer'): void {
    if (this.#closed) return
    this.#post({ kind: 'host.closed', reason })
    this.#stop()
    this.#port.close()
  }

  #stop(): void {
    this.#closed = true
    for (const process of this.#processes.values()) process.kill()
    this.#processes.clear()
  }

  #boot(): Promise<WebContainerLike> {
    this.#container ??= (this.#options.boot ?? bootPageWebContainer)().catch((error: Error) => {
      this.#options.onBootFailure?.(error)
      throw error
    })
    return this.#container
  }

  async #receive(data: unknown): Promise<void> {
    if (this.#closed) return
    let request
    try {
      request = validateBridgeRequest(data)
    } catch (error) {
      const id = (data as { id?: unknown } | null)?.id
      if (typeof id === 'number' && Number.isSafeInteger(id)) this.#post({ kind: 'call.failed', id, error: toWireError(error) })
      return // nothing names a call to fail: a malformed signal changes nothing
    }
    if (request.kind === 'process.kill') {
      this.#processes.get(request.pid)?.kill()
      return
    }
    try {
      this.#post({ kind: 'call.result', id: request.id, value: await this.#run(request) })
    } catch (error) {
      this.#post({ kind: 'call.failed', id: request.id, error: toWireError(error) })
    }
  }

  async #run(request: BridgeRequest): Promise<Result> {
    const wc = await this.#boot()
    switch (request.kind) {
      case 'container.boot': return null
      case 'container.mount': await wc.mount(request.tree); return null
      case 'fs.readFile': return wc.fs.readFile(request.path)
      case 'fs.writeFile': await wc.fs.writeFile(request.path, request.data); return null
      case 'fs.readdir': return (await wc.fs.readdir(request.path, { withFileTypes: true })).map(toWireDirent)
      case 'fs.mkdir':
        if (request.recursive) await wc.fs.mkdir(request.path, { recursive: true })
        else await wc.fs.mkdir(request.path)
        return null
      case 'fs.rm': await wc.fs.rm(request.path, { recursive: request.recursive, force: request.force }); return null
      case 'fs.rename': await wc.fs.rename(request.from, request.to); return null
      case 'process.spawn': await this.#spawn(wc, request); return null
    }
  }

  async #spawn(wc: WebContainerLike, request: Extract<BridgeRequest, { kind: 'process.spawn' }>): Promise<void> {
    const process = await wc.spawn(request.command, request.args, {
      ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
      ...(request.env === undefined ? {} : { env: request.env }),
    })
    if (this.#closed) {
      process.kill()
      return
    }
    const pid = request.id
    this.#processes.set(pid, process)
    void this.#pump(pid, process.output)
    process.exit.then(
      (exitCode) => this.#post({ kind: 'process.exited', pid, exitCode }),
      (error: unknown) => this.#post({ kind: 'process.failed', pid, error: toWireError(error) }),
    ).finally(() => this.#processes.delete(pid))
  }

  async #pump(pid: number, output: ReadableStream<string>): Promise<void> {
    const reader = output.getReader()
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) this.#post({ kind: 'process.output', pid, chunk: chunk.value })
    } catch (error) {
      this.#post({ kind: 'process.failed', pid, error: toWireError(error) })
      return
    } finally {
      reader.releaseLock()
    }
    this.#post({ kind: 'process.output-end', pid })
  }

  #post(notice: BridgeNotice): void {
    if (!this.#closed) this.#port.postMessage(notice)
  }
}

function toWireDirent(dirent: { name: string; isFile(): boolean; isDirectory(): boolean }): WireDirent {
  return { name: dirent.name, type: dirent.isDirectory() ? 'directory' : dirent.isFile() ? 'file' : 'other' }
}

/**
 * Serves the worker-side WebContainer proxy on `port` (one end of a MessageChannel; the other is
 * sent to the worker with `webcontainer.attach`). Boots lazily, on the first call.
 */
export function serveWebContainer(port: MessagePort, options: WebContainerHostOptions = {}): WebContainerHost {
  return new BridgeHost(port, options)
}
