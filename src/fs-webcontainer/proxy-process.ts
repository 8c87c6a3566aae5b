/**
 * One process spawned on the page, as the worker sees it: an output stream fed chunk by chunk
 * from bridge notices, an exit promise, and `kill()` forwarded to the page. Plane: worker.
 * Contract: `fail(error)` ends the stream and rejects `exit`, so nobody waiting hangs.
 * @module fs-webcontainer/proxy-process
 */
import type { WebContainerProcessLike } from '../protocol/webcontainer/messages.ts'

export class ProxyProcess implements WebContainerProcessLike {
  readonly output: ReadableStream<string>
  readonly exit: Promise<number>
  readonly #kill: () => void
  #stream!: ReadableStreamDefaultController<string>
  #open = true
  #exited = false
  #resolveExit!: (code: number) => void
  #rejectExit!: (error: Error) => void

  constructor(kill: () => void) {
    this.#kill = kill
    this.output = new ReadableStream<string>({ start: (controller) => { this.#stream = controller } })
    this.exit = new Promise<number>((resolve, reject) => {
      this.#resolveExit = resolve
      this.#rejectExit = reject
    })
    this.exit.catch(() => undefined) // a caller may read only the output; the rejection still reaches whoever awaits `exit`
  }

  /** Both the output ended and the exit is known: no further notice concerns this process. */
  get settled(): boolean {
    return !this.#open && this.#exited
  }

  kill(): void {
    this.#kill()
  }

  chunk(text: string): void {
    if (this.#open) this.#stream.enqueue(text)
  }

  end(): void {
    if (!this.#open) return
    this.#open = false
    this.#stream.close()
  }

  exited(code: number): void {
    this.#exited = true
    this.#resolveExit(code)
  }

  /** The output ends (a reader finishes normally) and `exit` rejects with `error`. */
  fail(error: Error): void {
    this.end()
    this.#exited = true
    this.#rejectExit(error)
  }
}
