/**
 * Worker-side outbox to the page: queues notices and sends them in one message per task, so a
 * burst of stream chunks crosses the boundary once. Plane: worker. The task is a MessageChannel
 * message (a `setTimeout(0)` inside the model's timer chain is clamped to 4 ms).
 * Contract: notices keep their order; consecutive event batches of one session are merged;
 * a sink that fails (page gone) detaches itself and reports through `onDetached`.
 * @module host/notice-sink
 */
import type { HostNotice } from '../protocol/messages.ts'

export type PageSink = (notices: HostNotice[]) => unknown

type EventsNotice = Extract<HostNotice, { kind: 'session.events' }>

/** Runs `run` in a task of its own, soon: a MessageChannel message where there is one, else a timer. */
function taskRunner(run: () => void): () => void {
  if (typeof MessageChannel !== 'function') return () => void setTimeout(run, 0)
  const channel = new MessageChannel()
  channel.port1.onmessage = run
  ;(channel.port1 as { unref?: () => void }).unref?.() // Node: an idle outbox does not hold the process open
  return () => channel.port2.postMessage(null)
}

export class NoticeSink {
  #sink: PageSink | undefined
  #queue: HostNotice[] = []
  /** Merged batches this outbox built (and may extend in place). */
  readonly #merged = new WeakSet<EventsNotice>()
  #scheduled = false
  readonly #schedule = taskRunner(() => this.#flush())

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
    this.onDetached()
  }

  post(notice: HostNotice): void {
    if (!this.#sink) return
    const last = this.#queue[this.#queue.length - 1]
    if (notice.kind === 'session.events' && last?.kind === 'session.events' && last.sessionId === notice.sessionId) {
      this.#merge(last, notice)
    } else {
      this.#queue.push(notice)
    }
    if (this.#scheduled) return
    this.#scheduled = true
    this.#schedule()
  }

  /** Appends `next`'s events to the queued `last`: copied once, then extended in place. */
  #merge(last: EventsNotice, next: EventsNotice): void {
    if (this.#merged.has(last)) {
      last.events.push(...next.events)
      return
    }
    const merged: EventsNotice = { ...last, events: [...last.events, ...next.events] }
    this.#merged.add(merged)
    this.#queue[this.#queue.length - 1] = merged
  }

  #flush(): void {
    this.#scheduled = false
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
