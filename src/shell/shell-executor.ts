/**
 * The `ctx.shell` service (dsh contracts §11): resolves requests into specs with defaults and
 * caps, runs commands in the foreground or starts them in the background, over one provider.
 * Plane: worker; no DOM. Contract: consumers never learn which provider runs the command.
 * @module shell/shell-executor
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import { resolvePath } from '../fs/path-policy.ts'
import type { SandboxMode } from '../fs/types.ts'
import { RunningShellProcess } from './shell-process.ts'
import type { ShellBackend, ShellExecRequest, ShellExecSpec, ShellIo, ShellProcess, ShellRunResult, ShellStarted } from './types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { shell: ShellExecutor }
  interface Events {
    /** @mode emit — a command started (tools, jobs and the workspace terminal alike). */
    'shell/start'(run: ShellStarted): void
    /** @mode emit — a chunk of a command's output, as the provider delivered it. */
    'shell/output'(runId: number, stream: 'stdout' | 'stderr', chunk: string): void
    /** @mode emit — a command settled. */
    'shell/end'(runId: number, result: ShellRunResult): void
  }
}

export const DEFAULT_TIMEOUT_MS = 120_000
export const MAX_TIMEOUT_MS = 600_000
export const DEFAULT_STREAM_MAX_BYTES = 64_000

export interface ShellExecutorOptions {
  /** Default working directory (the workspace root). */
  cwd: string
  defaultTimeoutMs?: number
  maxTimeoutMs?: number
  stdoutMaxBytes?: number
  /** The fence this executor applies when a request names none. */
  sandboxMode?: SandboxMode
}

export class ShellExecutor extends Service {
  readonly sandboxMode: SandboxMode | undefined
  protected readonly backend: ShellBackend
  private readonly options: Required<Omit<ShellExecutorOptions, 'sandboxMode'>>
  private runs = 0

  constructor(ctx: Context, backend: ShellBackend, options: ShellExecutorOptions) {
    super(ctx, 'shell')
    this.backend = backend
    this.sandboxMode = options.sandboxMode
    this.options = {
      cwd: resolvePath('/', options.cwd),
      defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxTimeoutMs: options.maxTimeoutMs ?? MAX_TIMEOUT_MS,
      stdoutMaxBytes: options.stdoutMaxBytes ?? DEFAULT_STREAM_MAX_BYTES,
    }
  }

  /** Whether output reaches observers while a command runs (else all at once when it ends). */
  get streams(): boolean {
    return this.backend.streams === true
  }

  /** Fills defaults: workdir against the root, timeout clamped to (0, max], output bound. */
  resolve(request: ShellExecRequest): ShellExecSpec {
    const requested = request.timeoutMs ?? this.options.defaultTimeoutMs
    const timeoutMs = Number.isFinite(requested) && requested > 0 ? Math.min(Math.floor(requested), this.options.maxTimeoutMs) : this.options.defaultTimeoutMs
    return {
      ...request,
      workdir: resolvePath(this.options.cwd, request.workdir ?? '.'),
      timeoutMs,
      stdoutMaxBytes: request.stdoutMaxBytes ?? this.options.stdoutMaxBytes,
      sandboxPolicy: request.sandboxPolicy ?? (this.sandboxMode ? { mode: this.sandboxMode } : undefined),
    }
  }

  /** Runs to completion; rejects only when the command could not start (e.g. missing workdir). */
  async run(spec: ShellExecSpec): Promise<ShellRunResult> {
    const process = this.start(spec)
    const result = await process.done
    if (process.failure !== undefined) throw process.failure
    return result
  }

  /** Starts `spec`; observers see it on `shell/start`, `shell/output` and `shell/end` (the workspace terminal shows them). */
  start(spec: ShellExecSpec): ShellProcess {
    const runId = ++this.runs
    const streams = this.streams
    this.ctx.emit('shell/start', { runId, command: spec.command, workdir: spec.workdir, origin: spec.origin ?? 'agent', streams })
    const backend = this.backend
    const observed: ShellBackend = {
      execute: (s, io, signal) => backend.execute(s, this.observedIo(runId, io), signal),
    }
    const process = new RunningShellProcess(observed, spec, runId)
    void process.done.then((result) => this.ctx.emit('shell/end', runId, result))
    return process
  }

  private observedIo(runId: number, io: ShellIo): ShellIo {
    return {
      stdout: (chunk) => { io.stdout(chunk); if (chunk) this.ctx.emit('shell/output', runId, 'stdout', chunk) },
      stderr: (chunk) => { io.stderr(chunk); if (chunk) this.ctx.emit('shell/output', runId, 'stderr', chunk) },
    }
  }
}
