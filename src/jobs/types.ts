/**
 * The background-job vocabulary (dsh contracts §11): what starts a job, what a read returns,
 * and the summary `get`/`list` give. Plane: shared; types only.
 * @module jobs/types
 */
import type { ShellProcess } from '../shell/types.ts'

export type JobStatus = ShellProcess['status']

export interface JobStartSpec {
  kind: 'bash'
  /** Short human label (the command line). */
  label: string
  /** The agent session id that owns the job; the job is killed when that agent is disposed. */
  owner: string
  /** Starts the process; called once, synchronously, by `start`. */
  run: () => ShellProcess
}

export interface JobInfo {
  id: string
  kind: 'bash'
  label: string
  owner: string
  status: JobStatus
  exitCode: number | null
  signal: string | null
  /** Settles when the process has ended (never rejects). */
  done: Promise<void>
}

export interface JobRead {
  status: JobStatus
  exitCode: number | null
  signal: string | null
  /** Output (stdout and stderr, in arrival order) since the previous read. */
  output: string
  /** Some output was dropped between reads (it exceeded the live buffer). */
  lossy: boolean
}

/** Live `jobs/*` events on the Cordis bus: plugins observe the registry without a hold on it. */
export interface JobStartedPayload { job: JobInfo }
export interface JobSettledPayload {
  job: JobInfo
  /** A kill, a teardown or a waiting reader already reported the end: no completion notice is owed. */
  reported: boolean
}

declare module '@deepseek-ai/cordis' {
  interface Events {
    /** @mode emit — a job was registered and its process started. */
    'jobs/started'(payload: JobStartedPayload): void
    /** @mode emit — a job's process ended (after its record and waiters were settled). */
    'jobs/settled'(payload: JobSettledPayload): void
  }
}
