/**
 * The embedded shell provider (default) of `ctx.shell`: bash via just-bash, running over the same
 * `ctx.fs` the fs tools use; the backend (justbash-backend.ts, its fs adapter and limits) and
 * just-bash itself load together on the first command. Network is off unless configured.
 * Plane: worker; no DOM. Contract: runaway commands end with a named limit, never hang the worker forever.
 * @module shell-justbash/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { LazyCommand, NetworkConfig } from 'just-bash/browser'
import { ShellExecutor } from '../shell/shell-executor.ts'
import { LazyShellBackend } from '../shell/lazy-backend.ts'
import type { ExecutionLimits } from './limits.ts'
import { loadJustBash } from './load-just-bash.ts'

export type { ExecutionLimits } from './limits.ts'

export interface Config {
  /** just-bash execution limits (loop iterations, command count, call depth, output, ...); overrides `DEFAULT_LIMITS` key by key. */
  limits?: ExecutionLimits
  /** Allowed URL prefixes for curl; absent = no network commands at all. */
  network?: NetworkConfig
  /** Extra environment for every command. */
  env?: Record<string, string>
  defaultTimeoutMs?: number
  maxTimeoutMs?: number
  stdoutMaxBytes?: number
}

export default class JustBashShell extends ShellExecutor {
  static readonly inject = ['fs']
  /** Commands other plugins add (`python3`, `node`, `sqlite3`, …): loaded on their first run; every shell created after a change has them. */
  private readonly extraCommands = new Set<LazyCommand>()

  constructor(ctx: Context, config: Config = {}) {
    // The fs core (kernel/cordis/service): bash makes several fs calls per file. `inject` restarts this
    // plugin whenever `ctx.fs` is replaced, so the core never goes stale.
    const fs = ctx.fs.core
    const options = { limits: config.limits ?? {}, env: config.env ?? {}, ...(config.network ? { network: config.network } : {}) }
    // just-bash is fetched alongside the backend, not after it.
    const backend = new LazyShellBackend(async () => {
      const [{ JustBashBackend }] = await Promise.all([import('./justbash-backend.ts'), loadJustBash()])
      return new JustBashBackend(fs, { ...options, commands: () => [...this.extraCommands] })
    })
    super(ctx, backend, {
      cwd: ctx.fs.root,
      sandboxMode: ctx.fs.sandboxMode,
      ...(config.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: config.defaultTimeoutMs }),
      ...(config.maxTimeoutMs === undefined ? {} : { maxTimeoutMs: config.maxTimeoutMs }),
      ...(config.stdoutMaxBytes === undefined ? {} : { stdoutMaxBytes: config.stdoutMaxBytes }),
    })
  }

  /** Adds commands to every shell started from now on (the extension point of `run-code`); returns their removal. */
  addCommands(commands: readonly LazyCommand[]): () => void {
    for (const command of commands) this.extraCommands.add(command)
    return () => { for (const command of commands) this.extraCommands.delete(command) }
  }
}
