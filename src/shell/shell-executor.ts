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
import type { ShellBackend, ShellExecRequest, ShellExecSpec, ShellProcess, ShellRunResult } from './types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { shell: ShellExecutor }
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

  start(spec: ShellExecSpec): ShellProcess {
    return new RunningShellProcess(this.backend, spec)
  }
}
