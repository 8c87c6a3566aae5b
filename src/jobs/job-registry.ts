/**
 * `ctx.jobs`: background jobs by id, per owning agent, at most `maxJobsPerAgent` running at once.
 * Kills an agent's jobs when the agent is disposed and every job when the plugin is disposed.
 * Plane: worker; no DOM. Contract: no timeout of its own; `read` returns the output delta since the
 * previous read; `jobs/settled` says whether the end was already reported (kill, teardown, a waiter).
 * @module jobs/job-registry
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import type { ShellProcess } from '../shell/types.ts'
import { JobLimitError, JobNotFoundError } from './errors.ts'
import type { JobInfo, JobRead, JobStartSpec } from './types.ts'
import '../agent-loop/events.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { jobs: JobRegistry }
}

export interface Config {
  /** Running jobs one agent may hold; `start` beyond it throws JobLimitError (dsh's default, 10). */
  maxJobsPerAgent?: number
}

interface Job {
  id: string
  spec: JobStartSpec
  process: ShellProcess
  done: Promise<void>
  /** The end was (or is committed to be) delivered: by a read, a kill, a teardown or a waiter. */
  reported: boolean
  waiters: number
}

export class JobRegistry extends Service {
  private readonly jobs = new Map<string, Job>()
  private readonly maxJobsPerAgent: number
  private counter = 0

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'jobs')
    const max = config.maxJobsPerAgent ?? 10
    if (!Number.isSafeInteger(max) || max < 1) throw new TypeError(`jobs: maxJobsPerAgent must be a positive integer, got ${max}`)
    this.maxJobsPerAgent = max
    ctx.on('agent/disposed', ({ agent }) => this.killOwned(agent.id))
    ctx.effect(() => () => this.killAll(), 'jobs: kill every job')
  }

  /** Starts the job now and returns its id (`job-N`); JobLimitError when its owner runs the maximum already. */
  start(spec: JobStartSpec): string {
    if (this.list(spec.owner).filter((job) => job.status === 'running').length >= this.maxJobsPerAgent) throw new JobLimitError(this.maxJobsPerAgent)
    const id = `job-${++this.counter}`
    const process = spec.run()
    const job: Job = { id, spec, process, done: Promise.resolve(), reported: false, waiters: 0 }
    job.done = process.done.then(() => this.settle(job))
    this.jobs.set(id, job)
    this.ctx.emit('jobs/started', { job: info(job) })
    return id
  }

  get(jobId: string): JobInfo | undefined {
    const job = this.jobs.get(jobId)
    return job && info(job)
  }

  /** The jobs of one owner, oldest first. */
  list(owner: string): JobInfo[] {
    return [...this.jobs.values()].filter((job) => job.spec.owner === owner).map(info)
  }

  /** Status and the output since the previous read; throws JobNotFoundError for an unknown id. */
  read(jobId: string): JobRead {
    const job = this.require(jobId)
    const { delta, lossy } = job.process.readOutput()
    if (job.process.status !== 'running') job.reported = true
    return { status: job.process.status, exitCode: job.process.exitCode, signal: job.process.signal, output: delta, lossy }
  }

  /**
   * Resolves when the job has ended or after `timeoutMs` (or on `signal`), whichever comes first; the
   * job keeps running on a timeout. A waiter present when the job ends takes its report (no notice).
   */
  async wait(jobId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const job = this.require(jobId)
    if (job.process.status !== 'running' || signal?.aborted) return
    job.waiters++
    let release!: () => void
    const stop = new Promise<void>((resolve) => { release = resolve })
    const timer = setTimeout(release, timeoutMs)
    const onAbort = () => release()
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      await Promise.race([job.done, stop])
    } finally {
      job.waiters--
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /** Stops a running job; false when it had already ended. Throws JobNotFoundError for an unknown id. */
  kill(jobId: string): boolean {
    const job = this.require(jobId)
    job.reported = true
    return job.process.kill()
  }

  private settle(job: Job): void {
    if (job.waiters > 0) job.reported = true
    this.ctx.emit('jobs/settled', { job: info(job), reported: job.reported })
  }

  private require(jobId: string): Job {
    const job = this.jobs.get(jobId)
    if (!job) throw new JobNotFoundError(jobId)
    return job
  }

  private killOwned(owner: string): void {
    for (const job of this.jobs.values()) if (job.spec.owner === owner) this.teardown(job)
  }

  private async killAll(): Promise<void> {
    for (const job of this.jobs.values()) this.teardown(job)
    await Promise.all([...this.jobs.values()].map((job) => job.done))
  }

  /** A kill nobody asked for: the end is reported by the teardown itself, never by a notice. */
  private teardown(job: Job): void {
    job.reported = true
    job.process.kill()
  }
}

function info(job: Job): JobInfo {
  const { process, spec } = job
  return { id: job.id, kind: spec.kind, label: spec.label, owner: spec.owner, status: process.status, exitCode: process.exitCode, signal: process.signal, done: job.done }
}
