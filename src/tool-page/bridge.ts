/**
 * The worker's end of the page-tools port: keeps the page's declared tools, starts calls on the
 * page and forwards their abort, settles each call exactly once. Plane: worker.
 * Contract: a message that fails validation is dropped; `close` fails every pending call (PAGE_TOOLS_GONE).
 * @module tool-page/bridge
 */
import { validatePageToWorker, type PageToolSpec, type PageToWorkerMessage, type WorkerToPageMessage } from '../protocol/page-tools.ts'
import type { JsonValue } from '../util/json.ts'
import type { PageToolSource } from './types.ts'

/** A page tool failed on the page, or the page went away; `code` reaches the model's error info. */
export class PageToolError extends Error {
  override readonly name = 'PageToolError'
  constructor(readonly code: 'PAGE_TOOL_FAILED' | 'PAGE_TOOLS_GONE', message: string) { super(message) }
}

interface PendingCall {
  resolve(text: string): void
  reject(error: unknown): void
}

export class PageToolBridge implements PageToolSource {
  readonly #specs = new Map<string, PageToolSpec>()
  readonly #listeners = new Set<() => void>()
  readonly #pending = new Map<string, PendingCall>()
  #nextId = 0
  #closed = false

  constructor(private readonly port: MessagePort) {
    port.onmessage = (event: MessageEvent) => this.#receive(event.data)
    port.start()
  }

  tools(): readonly PageToolSpec[] {
    return [...this.#specs.values()]
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  call(name: string, args: JsonValue, signal: AbortSignal): Promise<string> {
    if (this.#closed) return Promise.reject(new PageToolError('PAGE_TOOLS_GONE', 'the page that declared this tool is gone'))
    if (signal.aborted) return Promise.reject(signal.reason)
    const id = `c${++this.#nextId}`
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        this.#settle(id)?.reject(signal.reason)
        this.#post({ kind: 'call.abort', id, reason: String((signal.reason as Error)?.message ?? signal.reason) })
      }
      signal.addEventListener('abort', onAbort, { once: true })
      const done = () => signal.removeEventListener('abort', onAbort)
      this.#pending.set(id, { resolve: (text) => (done(), resolve(text)), reject: (error) => (done(), reject(error)) })
      this.#post({ kind: 'call.start', id, name, args })
    })
  }

  reject(name: string, message: string): void {
    this.#post({ kind: 'tool.rejected', name, message })
  }

  close(): void {
    this.#closed = true
    this.port.close()
    for (const id of this.#pending.keys()) this.#settle(id)?.reject(new PageToolError('PAGE_TOOLS_GONE', 'the page that declared this tool is gone'))
    this.#specs.clear()
    this.#changed()
  }

  #settle(id: string): PendingCall | undefined {
    const pending = this.#pending.get(id)
    this.#pending.delete(id)
    return pending
  }

  #post(message: WorkerToPageMessage): void {
    if (!this.#closed) this.port.postMessage(message)
  }

  #receive(raw: unknown): void {
    let message: PageToWorkerMessage
    try {
      message = validatePageToWorker(raw)
    } catch { // a malformed message changes nothing (the page side validates its own input first)
      return
    }
    switch (message.kind) {
      case 'tool.register': this.#specs.set(message.spec.name, message.spec); return this.#changed()
      case 'tool.unregister': if (this.#specs.delete(message.name)) this.#changed(); return
      case 'call.done': return this.#settle(message.id)?.resolve(message.text)
      case 'call.failed': return this.#settle(message.id)?.reject(new PageToolError('PAGE_TOOL_FAILED', message.message))
    }
  }

  #changed(): void {
    for (const listener of this.#listeners) listener()
  }
}
