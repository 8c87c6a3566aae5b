/**
 * The shell seam vocabulary (dsh contracts §11): requests, resolved specs, run results,
 * background processes and the provider SPI (ShellBackend). Plane: shared; types only.
 * @module shell/types
 */
import type { SandboxMode, SandboxPolicy } from '../fs/types.ts'

export interface ShellExecRequest {
  command: string
  /** Working directory, relative to the workspace root or absolute (default: the root). */
  workdir?: string
  timeoutMs?: number
  stdoutMaxBytes?: number
  signal?: AbortSignal
  stdin?: string
  env?: Record<string, string>
  /** `DSH_*` variables, merged last. */
  dshEnv?: Record<string, string>
  sandboxPolicy?: SandboxPolicy
  /** Who started the command, for observers of `shell/start` (default `agent`). */
  origin?: ShellOrigin
}

/** Who started a command: a tool of the agent, or the person at the workspace terminal. */
export type ShellOrigin = 'agent' | 'person'

/** Published on `shell/start` when a command starts (`streams`: output arrives as it is written, not at the end). */
export interface ShellStarted {
  runId: number
  command: string
  workdir: string
  origin: ShellOrigin
  streams: boolean
}

export interface ShellExecSpec extends ShellExecRequest {
  workdir: string
  /** `Infinity` = no timeout (background jobs set it after `resolve`). */
  timeoutMs: number
  stdoutMaxBytes: number
  sandboxPolicy: SandboxPolicy | undefined
}

export type ShellStreamResult = {
  /** The tail of the stream when it was longer than the bound. */
  text: string
  truncated: boolean
  spillPath?: string
}

export type ShellSandboxReport = {
  mode: SandboxMode
  denied: boolean
  enforcement?: string
  runnerFailed?: boolean
}

export type ShellRunResult = {
  exitCode: number | null
  signal: string | null
  timedOut: boolean
  /** The caller's signal fired first (only the first cause is reported). */
  aborted: boolean
  timeoutMs: number
  stdout: ShellStreamResult
  stderr: ShellStreamResult
  sandbox?: ShellSandboxReport
  /** The provider's resource limit that stopped the command (e.g. loop iterations): its line, its name and how to work around it. */
  limit?: string
}

export interface ShellOutputDelta {
  delta: string
  /** Output was dropped between reads because it exceeded the live buffer. */
  lossy: boolean
  stdoutSpillPath?: string
  stderrSpillPath?: string
}

export interface ShellProcess {
  /** The executor's number for this run, as on `shell/start`. */
  readonly runId?: number
  readonly status: 'running' | 'completed' | 'killed'
  readonly exitCode: number | null
  readonly signal: string | null
  /** Settles with the result; never rejects (a start failure is in `failure`). */
  readonly done: Promise<ShellRunResult>
  readonly sandbox?: ShellSandboxReport
  /** Why the command could not start (bad workdir, provider unavailable), once `done` settled. */
  readonly failure?: unknown
  readOutput(): ShellOutputDelta
  kill(): boolean
}

export interface ShellIo {
  stdout(chunk: string): void
  stderr(chunk: string): void
}

export interface ShellBackendOutcome {
  exitCode: number | null
  timedOut: boolean
  limit?: string
  sandboxDenied?: boolean
}

/** What a provider implements: run one command to completion, streaming into `io`. */
export interface ShellBackend {
  /** Output reaches `io` while the command runs (true) or all at once when it ends (absent/false). */
  readonly streams?: boolean
  execute(spec: ShellExecSpec, io: ShellIo, signal: AbortSignal): Promise<ShellBackendOutcome>
}
