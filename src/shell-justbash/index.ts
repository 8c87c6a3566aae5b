/**
 * The embedded shell provider (default) of `ctx.shell`: bash via just-bash, loaded lazily on
 * first use, running over the same `ctx.fs` the fs tools use. Network is off unless configured.
 * Plane: worker; no DOM. Contract: runaway commands end with a named limit, never hang the worker forever.
 * @module shell-justbash/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { NetworkConfig } from 'just-bash/browser'
import { ShellExecutor } from '../shell/shell-executor.ts'
import { JustBashBackend } from './justbash-backend.ts'
import type { ExecutionLimits } from './limits.ts'

export { DEFAULT_LIMITS, type ExecutionLimits } from './limits.ts'

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

  constructor(ctx: Context, config: Config = {}) {
    // The fs core (util/service): bash makes several fs calls per file. `inject` restarts this
    // plugin whenever `ctx.fs` is replaced, so the core never goes stale.
    const backend = new JustBashBackend(ctx.fs.core, {
      limits: config.limits ?? {},
      env: config.env ?? {},
      ...(config.network ? { network: config.network } : {}),
    })
    super(ctx, backend, {
      cwd: ctx.fs.root,
      sandboxMode: ctx.fs.sandboxMode,
      ...(config.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: config.defaultTimeoutMs }),
      ...(config.maxTimeoutMs === undefined ? {} : { maxTimeoutMs: config.maxTimeoutMs }),
      ...(config.stdoutMaxBytes === undefined ? {} : { stdoutMaxBytes: config.stdoutMaxBytes }),
    })
  }
}
