/**
 * The language runtimes' workers, started from the agent worker: one per language, kept warm
 * between runs, one run at a time each. A run that is stopped (Ctrl-C, the agent's cancel, the
 * deadline) first gets Python's KeyboardInterrupt where the page is cross-origin isolated (the
 * interrupt buffer), and otherwise — or if the program does not stop within a second — its worker is
 * terminated, which always stops it: the result says so, and the next run starts a new worker. A
 * worker that crashes fails its run with the reason and is replaced the same way; nothing of it
 * reaches the agent worker. Plane: worker.
 * @module run-code/runtime-pool
 */
import type { Language, RunRequest, RunResult } from './types.ts'

/** How long a stopped Python run gets to end by KeyboardInterrupt before its worker is terminated. */
const INTERRUPT_GRACE_MS = 1000
const SIGINT = 2

export interface RuntimeWorker {
  /** What the worker holds of each workspace file (`mtime:size`), so a run sends only changes. */
  readonly sent: Map<string, string>
  run(request: RunRequest, signal: AbortSignal): Promise<RunResult>
}

function stopped(command: string, why: string, exitCode: number): RunResult {
  return { kind: 'result', stdout: '', stderr: `${command}: ${why}\n`, exitCode, written: [], removed: [] }
}

class LanguageWorker implements RuntimeWorker {
  readonly sent = new Map<string, string>()
  readonly #worker: Worker
  readonly #interrupt: Int32Array | undefined

  constructor(readonly language: Language, private readonly retire: (worker: LanguageWorker) => void) {
    this.#worker = new Worker(new URL('../../workers/run-code.worker.ts', import.meta.url), { type: 'module', name: `dsh-run-${language}` })
    const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true
    this.#interrupt = language === 'python' && isolated ? new Int32Array(new SharedArrayBuffer(4)) : undefined
  }

  run(request: RunRequest, signal: AbortSignal): Promise<RunResult> {
    if (signal.aborted) return Promise.resolve(stopped(request.command, 'stopped before it started', 130))
    return new Promise<RunResult>((resolve) => {
      let graceTimer: ReturnType<typeof setTimeout> | undefined
      const settle = (result: RunResult): void => {
        clearTimeout(graceTimer)
        signal.removeEventListener('abort', onAbort)
        this.#worker.removeEventListener('message', onMessage)
        this.#worker.removeEventListener('error', onError)
        resolve(result)
      }
      const terminate = (result: RunResult): void => {
        this.#worker.terminate()
        this.retire(this)
        settle(result)
      }
      const onMessage = (event: MessageEvent<RunResult>): void => settle(event.data)
      const onError = (event: ErrorEvent): void => {
        event.preventDefault()
        terminate(stopped(request.command, `the ${this.language} runtime crashed (${event.message || 'no reason given'}); the next run starts it afresh`, 1))
      }
      const kill = (): void => terminate(stopped(request.command, `stopped: the ${this.language} runtime's worker was terminated (the next run starts it again, cold)`, 130))
      const onAbort = (): void => {
        if (!this.#interrupt) return kill()
        Atomics.store(this.#interrupt, 0, SIGINT)
        graceTimer = setTimeout(kill, INTERRUPT_GRACE_MS)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      this.#worker.addEventListener('message', onMessage)
      this.#worker.addEventListener('error', onError)
      this.#worker.postMessage({ ...request, ...(this.#interrupt ? { interrupt: this.#interrupt } : {}) })
    })
  }
}

const workers = new Map<Language, LanguageWorker>()
const queues = new Map<Language, Promise<unknown>>()

/** The warm worker of a language (started on first use); throws where there are no Web Workers. */
function runtimeWorker(language: Language): RuntimeWorker {
  const existing = workers.get(language)
  if (existing) return existing
  if (typeof Worker !== 'function') throw new Error('programs run in a Web Worker of the page, and this runtime has none (Node runs the embedded shell without them)')
  const worker = new LanguageWorker(language, (retired) => { if (workers.get(language) === retired) workers.delete(language) })
  workers.set(language, worker)
  return worker
}

/**
 * Runs `use` with the language's worker once the runs before it (the agent's and the person's
 * alike) have ended, so each run copies the workspace in and writes it back as one step; a run
 * after a terminated worker gets a new one.
 */
export function withRuntime<T>(language: Language, use: (worker: RuntimeWorker) => Promise<T>): Promise<T> {
  const turn = (queues.get(language) ?? Promise.resolve()).then(() => use(runtimeWorker(language)))
  queues.set(language, turn.catch(() => undefined))
  return turn
}
