/**
 * One running command: fuses the caller's signal, the timeout and kill() into one abort,
 * captures bounded stdout/stderr plus a live delta, and settles `done` exactly once.
 * Plane: worker. Contract: `done` never rejects; `aborted`/`timedOut`/`killed` report the first cause.
 * @module shell/shell-process
 */
import { errorMessage } from '../tools/errors.ts'
import { TailBuffer } from './tail-buffer.ts'
import type { ShellBackend, ShellExecSpec, ShellOutputDelta, ShellProcess, ShellRunResult, ShellSandboxReport } from './types.ts'

type Cause = 'aborted' | 'timedOut' | 'killed'

export class RunningShellProcess implements ShellProcess {
  status: ShellProcess['status'] = 'running'
  exitCode: number | null = null
  signal: string | null = null
  failure: unknown = undefined
  readonly done: Promise<ShellRunResult>
  readonly sandbox: ShellSandboxReport | undefined
  private cause: Cause | undefined
  private readonly controller = new AbortController()
  private readonly stdout: TailBuffer
  private readonly stderr: TailBuffer
  private live: string[] = []
  private liveLength = 0
  private lossy = false
  private readonly liveMax: number

  /** @param runId the executor's number for this run (`shell/*` events name it). */
  constructor(backend: ShellBackend, spec: ShellExecSpec, readonly runId?: number) {
    this.stdout = new TailBuffer(spec.stdoutMaxBytes)
    this.stderr = new TailBuffer(spec.stdoutMaxBytes)
    this.liveMax = spec.stdoutMaxBytes * 2
    this.sandbox = spec.sandboxPolicy && { mode: spec.sandboxPolicy.mode, denied: false, enforcement: 'virtual-fs' }
    this.done = this.execute(backend, spec)
  }

  readOutput(): ShellOutputDelta {
    const delta = { delta: this.live.join(''), lossy: this.lossy }
    this.live = []
    this.liveLength = 0
    this.lossy = false
    return delta
  }

  kill(): boolean {
    if (this.status !== 'running') return false
    this.stop('killed')
    return true
  }

  private stop(cause: Cause): void {
    this.cause ??= cause
    this.controller.abort()
  }

  private capture(buffer: TailBuffer, chunk: string): void {
    buffer.push(chunk)
    this.live.push(chunk)
    this.liveLength += chunk.length
    while (this.liveLength > this.liveMax && this.live.length > 1) {
      this.liveLength -= this.live.shift()!.length
      this.lossy = true
    }
  }

  private async execute(backend: ShellBackend, spec: ShellExecSpec): Promise<ShellRunResult> {
    const onAbort = () => this.stop('aborted')
    if (spec.signal?.aborted) onAbort()
    spec.signal?.addEventListener('abort', onAbort, { once: true })
    const timer = Number.isFinite(spec.timeoutMs) ? setTimeout(() => this.stop('timedOut'), spec.timeoutMs) : undefined
    let outcome: Awaited<ReturnType<ShellBackend['execute']>> | undefined
    try {
      const io = { stdout: (c: string) => this.capture(this.stdout, c), stderr: (c: string) => this.capture(this.stderr, c) }
      outcome = await backend.execute(spec, io, this.controller.signal)
    } catch (error) {
      this.failure = error
      this.capture(this.stderr, `${errorMessage(error)}\n`)
    } finally {
      clearTimeout(timer)
      spec.signal?.removeEventListener('abort', onAbort)
    }
    if (outcome?.timedOut) this.cause ??= 'timedOut'
    if (outcome?.sandboxDenied && this.sandbox) this.sandbox.denied = true
    this.exitCode = this.cause ? null : outcome?.exitCode ?? null
    this.signal = this.cause === 'killed' || this.cause === 'aborted' ? 'SIGTERM' : this.cause === 'timedOut' ? 'SIGKILL' : null
    this.status = this.cause === 'killed' || this.cause === 'aborted' ? 'killed' : 'completed'
    return {
      exitCode: this.exitCode, signal: this.signal, timedOut: this.cause === 'timedOut', aborted: this.cause === 'aborted',
      timeoutMs: spec.timeoutMs, stdout: this.stdout.result(), stderr: this.stderr.result(),
      ...(this.sandbox ? { sandbox: this.sandbox } : {}),
      ...(outcome?.limit ? { limit: outcome.limit } : {}),
    }
  }
}
