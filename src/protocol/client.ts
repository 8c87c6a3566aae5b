/**
 * The page's handle on the agent worker: wraps it with comlink, checks the protocol version,
 * validates every notice and delivers them in batches: at once (a microtask) while a frame's
 * delivery work stays under `FRAME_BUDGET_MS`, past that coalesced into the next animation frame.
 * Plane: main (also usable from a worker); touches no DOM — only the Worker it is given.
 * Contract: `call` resolves with the typed result or rejects with `HostCommandError`.
 * @module protocol/client
 */
import * as Comlink from 'comlink'
import { PROTOCOL_VERSION } from './messages.ts'
import type { CommandKind, CommandOf, CommandResultMap, HostApi, HostCommand, HostNotice } from './messages.ts'
import { validateNotice } from './validate.ts'

/** A command the worker refused or failed; `code` is stable (e.g. `DSH_PROTOCOL_INVALID`, `SESSION_NOT_FOUND`). */
export class HostCommandError extends Error {
  override name = 'HostCommandError'
  constructor(readonly code: string, message: string) { super(message) }
}

/** The worker could not be started or speaks another protocol version. */
export class HostStartError extends Error {
  override name = 'HostStartError'
  constructor(readonly code: 'DSH_WORKER_START' | 'DSH_WORKER_CSP' | 'DSH_PROTOCOL_VERSION', message: string) { super(message) }
}

/** Gets each delivery's notices; may return a promise of the work it started (e.g. a render), counted as load. */
export type NoticeListener = (notices: readonly HostNotice[]) => void | PromiseLike<unknown>
export type FrameScheduler = (flush: () => void) => void

/** Delivery work (ms, listeners and the renders they await) per frame before deliveries wait for the next frame. */
export const FRAME_BUDGET_MS = 6

const nextFrame: FrameScheduler = (flush) => {
  const raf = globalThis.requestAnimationFrame as ((cb: () => void) => number) | undefined
  if (raf) raf(flush)
  else setTimeout(flush, 16)
}

export interface AgentClientOptions {
  /** Called for a notice the worker sent that fails validation (it is dropped). */
  onInvalidNotice?: (error: Error) => void
  /** The next animation frame (default `requestAnimationFrame`). */
  schedule?: FrameScheduler
}

export class AgentClient {
  readonly #api: Comlink.Remote<HostApi>
  readonly #worker: Worker
  readonly #listeners = new Set<NoticeListener>()
  readonly #options: AgentClientOptions
  #queue: HostNotice[] = []
  #scheduled = false
  #disposed = false
  /** Delivery work done since the last animation frame; a frame resets it. */
  #frameWork = 0
  #frameWatch = false

  private constructor(worker: Worker, options: AgentClientOptions) {
    this.#worker = worker
    this.#options = options
    this.#api = Comlink.wrap<HostApi>(worker)
  }

  /**
   * Connects to a started agent worker: the version check and the notice sink go out together (one
   * round trip while the worker loads); a worker of another version is stopped before it is used.
   * @throws HostStartError
   */
  static async connect(worker: Worker, options: AgentClientOptions = {}): Promise<AgentClient> {
    const client = new AgentClient(worker, options)
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (e) => reject(e.error instanceof HostStartError ? e.error : new HostStartError('DSH_WORKER_START', `agent worker failed to start: ${e.message || 'script error (check worker-src / script-src CSP)'}`)), { once: true })
    })
    const hello = client.#api.hello(PROTOCOL_VERSION)
    const attached = client.#api.attach(Comlink.proxy((notices: HostNotice[]) => client.#receive(notices)))
    const { protocolVersion } = await Promise.race([hello, failed])
    if (protocolVersion !== PROTOCOL_VERSION) {
      worker.terminate()
      throw new HostStartError('DSH_PROTOCOL_VERSION', `agent worker speaks protocol ${protocolVersion}, page expects ${PROTOCOL_VERSION}`)
    }
    await Promise.race([attached, failed])
    return client
  }

  /** Sends one command. @throws HostCommandError */
  async call<K extends CommandKind>(command: CommandOf<K>): Promise<CommandResultMap[K]> {
    if (this.#disposed) throw new HostCommandError('DSH_CLIENT_DISPOSED', `${command.kind}: the agent client was disposed`)
    // A MessagePort is transferred, never copied (copying one throws DataCloneError).
    const sent: HostCommand = command
    const reply = await this.#api.call(sent.kind === 'webcontainer.attach' || sent.kind === 'pagetools.attach' ? Comlink.transfer(sent, [sent.port]) : sent)
    if (!reply.ok) throw new HostCommandError(reply.code, reply.message)
    return reply.value as CommandResultMap[K]
  }

  /** @returns an unsubscribe function. Listeners get every notice once, in arrival order. */
  onNotices(listener: NoticeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Detaches (pending approvals become `unavailable`) and stops the worker. */
  async dispose(): Promise<void> {
    if (this.#disposed) return
    this.#disposed = true
    this.#listeners.clear()
    await this.#api.detach().catch(() => undefined) // a dead worker cannot be detached; terminating is enough
    this.#api[Comlink.releaseProxy]()
    this.#worker.terminate()
  }

  #receive(raw: unknown): void {
    if (this.#disposed || !Array.isArray(raw)) return
    for (const item of raw) {
      try {
        this.#queue.push(validateNotice(item))
      } catch (error) {
        this.#options.onInvalidNotice?.(error as Error)
      }
    }
    if (this.#scheduled || this.#queue.length === 0) return
    this.#scheduled = true
    if (this.#frameWork < FRAME_BUDGET_MS) queueMicrotask(() => this.#flush())
    else this.#frame(() => this.#flush())
  }

  #frame(run: () => void): void {
    ;(this.#options.schedule ?? nextFrame)(run)
  }

  #flush(): void {
    this.#scheduled = false
    const batch = this.#queue
    this.#queue = []
    const started = performance.now()
    const work: PromiseLike<unknown>[] = []
    for (const listener of this.#listeners) {
      const done = listener(batch)
      if (done) work.push(done)
    }
    const count = () => this.#count(performance.now() - started)
    if (work.length === 0) count()
    else void Promise.all(work).then(count, count)
  }

  /** Adds `ms` to this frame's delivery work; the next frame starts from zero. */
  #count(ms: number): void {
    this.#frameWork += ms
    if (this.#frameWatch) return
    this.#frameWatch = true
    this.#frame(() => {
      this.#frameWork = 0
      this.#frameWatch = false
    })
  }
}
