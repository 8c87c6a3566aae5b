/**
 * Worker-side outbox to the page: queues notices and sends them in one message per task, so a
 * burst of stream chunks crosses the boundary once. Plane: worker.
 * Contract: notices keep their order; consecutive event batches of one session are merged;
 * a sink that fails (page gone) detaches itself and reports through `onDetached`.
 * @module host/notice-sink
 */
import type { HostNotice } from '../protocol/messages.ts'

export type PageSink = (notices: HostNotice[]) => unknown

export class NoticeSink {
  #sink: PageSink | undefined
  #queue: HostNotice[] = []
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly onDetached: () => void) {}

  get attached(): boolean {
    return this.#sink !== undefined
  }

  attach(sink: PageSink): void {
    this.#sink = sink
  }

  detach(): void {
    if (!this.#sink) return
    this.#sink = undefined
    this.#queue = []
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    this.onDetached()
  }

  post(notice: HostNotice): void {
    if (!this.#sink) return
    const last = this.#queue[this.#queue.length - 1]
    if (notice.kind === 'session.events' && last?.kind === 'session.events' && last.sessionId === notice.sessionId) {
      this.#queue[this.#queue.length - 1] = { ...last, events: [...last.events, ...notice.events] }
    } else {
      this.#queue.push(notice)
    }
    if (this.#timer === undefined) this.#timer = setTimeout(() => this.#flush(), 0)
  }

  #flush(): void {
    this.#timer = undefined
    const sink = this.#sink
    const batch = this.#queue
    this.#queue = []
    if (!sink || batch.length === 0) return
    try {
      Promise.resolve(sink(batch)).catch(() => this.detach())
    } catch {
      this.detach() // a released comlink proxy throws synchronously: the page is gone
    }
  }
}
