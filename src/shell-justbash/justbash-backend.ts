/**
 * ShellBackend running commands with just-bash over the shared workspace filesystem.
 * One Bash per (sandbox policy, deadline), created on first use; each exec is a fresh shell
 * state. Plane: worker. Contract: limit stops come back as `limit` (named, with a workaround), the
 * deadline as `timedOut`; a known missing command (`yes`) gets a hint line on stderr.
 * @module shell-justbash/justbash-backend
 */
import type { Bash, LazyCommand, NetworkConfig } from 'just-bash/browser'
import type { FsOperations } from '../fs/file-system.ts'
import type { SandboxPolicy } from '../fs/types.ts'
import { errorMessage } from '../tools/errors.ts'
import type { ShellBackend, ShellBackendOutcome, ShellExecSpec, ShellIo } from '../shell/types.ts'
import { WorkspaceFsAdapter } from './fs-adapter.ts'
import { DEFAULT_LIMITS, describeLimit, missingCommandHint, nameLimit, type ExecutionLimits, type Limits } from './limits.ts'
import { loadJustBash } from './load-just-bash.ts'

/** just-bash's deadline line: `execution exceeded execution deadline`, or `<command> exceeded its execution deadline` (e.g. sleep). */
const DEADLINE = /exceeded (?:its )?execution deadline/
/**
 * just-bash's own deadline is a backstop for loops that never yield to the timer that aborts the
 * command; it runs this much later than the tool's timeout, so a yielding command is always stopped
 * by the abort (one outcome, whatever the load), and a busy loop still ends.
 */
const DEADLINE_GRACE_MS = 250
const SANDBOX_DENIED = /Sandbox \([\w-]+\) denies/
/** just-bash's deadline for a spec without a timeout (a background job): the largest timer delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** just-bash rethrows some filesystem failures (e.g. a refused redirect) instead of reporting them: shell-style exit 1. */
function asShellFailure(error: unknown): { stdout: string; stderr: string; exitCode: number } {
  return { stdout: '', stderr: `bash: ${errorMessage(error)}\n`, exitCode: 1 }
}

export interface JustBashBackendOptions {
  /** Overrides of `DEFAULT_LIMITS`. */
  limits: ExecutionLimits
  network?: NetworkConfig
  env: Record<string, string>
  /** Extra commands (added by other plugins), read when a shell is created. */
  commands?: () => readonly LazyCommand[]
}

export class JustBashBackend implements ShellBackend {
  private readonly shells = new Map<string, Bash>()
  private readonly fs: FsOperations
  private readonly options: JustBashBackendOptions
  private readonly limits: Limits & ExecutionLimits

  constructor(fs: FsOperations, options: JustBashBackendOptions) {
    this.fs = fs
    this.options = options
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
  }

  async execute(spec: ShellExecSpec, io: ShellIo, signal: AbortSignal): Promise<ShellBackendOutcome> {
    const policy = this.fs.policy(spec.sandboxPolicy)
    const workdir = this.fs.resolve(spec.workdir)
    const stat = await this.fs.stat(workdir, signal, policy)
    if (stat?.type !== 'directory') throw new Error(`workdir is not a directory: ${workdir.displayPath}`)
    const bash = await this.shell(policy, spec.timeoutMs)
    const result = await bash.exec(spec.command, {
      cwd: workdir.targetKey,
      env: { ...spec.env, ...spec.dshEnv },
      signal,
      ...(spec.stdin === undefined ? {} : { stdin: spec.stdin }),
    }).catch(asShellFailure)
    io.stdout(result.stdout)
    io.stderr(result.stderr)
    const hint = missingCommandHint(result.stderr)
    if (hint) io.stderr(`${hint}\n`)
    const named = result.exitCode === 126 ? nameLimit(result.stderr, this.limits) : undefined
    const limit = named ? describeLimit(named) : undefined
    return {
      exitCode: result.exitCode,
      timedOut: result.exitCode === 124 && DEADLINE.test(result.stderr),
      ...(limit ? { limit } : {}),
      sandboxDenied: SANDBOX_DENIED.test(result.stderr),
    }
  }

  private async shell(policy: SandboxPolicy, timeoutMs: number): Promise<Bash> {
    const commands = this.options.commands?.() ?? []
    const key = `${policy.mode}\u0000${policy.root ?? ''}\u0000${timeoutMs}\u0000${commands.map((c) => c.name).join(' ')}`
    const cached = this.shells.get(key)
    if (cached) return cached
    const { Bash } = await loadJustBash()
    const bash = new Bash({
      fs: new WorkspaceFsAdapter(this.fs, policy),
      cwd: this.fs.root,
      env: { HOME: this.fs.root, PATH: '/usr/bin:/bin', ...this.options.env },
      executionLimits: { ...this.limits, maxExecutionTimeMs: Number.isFinite(timeoutMs) ? timeoutMs + DEADLINE_GRACE_MS : MAX_TIMER_MS },
      ...(this.options.network ? { network: this.options.network } : {}),
      ...(commands.length > 0 ? { customCommands: [...commands] } : {}),
    })
    this.shells.set(key, bash)
    return bash
  }
}
