/**
 * `ctx.jobs`: background jobs by id, per owning agent. Kills an agent's jobs when the agent is
 * disposed and every job when the plugin is disposed. Plane: worker; no DOM.
 * Contract: no timeout of its own; `read` returns the output delta since the previous read.
 * @module jobs/job-registry
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import type { ShellProcess } from '../shell/types.ts'
import { JobNotFoundError } from './errors.ts'
import type { JobInfo, JobRead, JobStartSpec } from './types.ts'
import '../agent-loop/events.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { jobs: JobRegistry }
}

interface Job {
  id: string
  spec: JobStartSpec
  process: ShellProcess
  done: Promise<void>
}

export class JobRegistry extends Service {
  private readonly jobs = new Map<string, Job>()
  private counter = 0

  constructor(ctx: Context) {
    super(ctx, 'jobs')
    ctx.on('agent/disposed', ({ agent }) => this.killOwned(agent.id))
    ctx.effect(() => () => this.killAll(), 'jobs: kill every job')
  }

  /** Starts the job now and returns its id (`job-N`). */
  start(spec: JobStartSpec): string {
    const id = `job-${++this.counter}`
    const process = spec.run()
    this.jobs.set(id, { id, spec, process, done: process.done.then(() => undefined) })
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
    return { status: job.process.status, exitCode: job.process.exitCode, signal: job.process.signal, output: delta, lossy }
  }

  /** Stops a running job; false when it had already ended. Throws JobNotFoundError for an unknown id. */
  kill(jobId: string): boolean {
    return this.require(jobId).process.kill()
  }

  private require(jobId: string): Job {
    const job = this.jobs.get(jobId)
    if (!job) throw new JobNotFoundError(jobId)
    return job
  }

  private killOwned(owner: string): void {
    for (const job of this.jobs.values()) if (job.spec.owner === owner) job.process.kill()
  }

  private async killAll(): Promise<void> {
    for (const job of this.jobs.values()) job.process.kill()
    await Promise.all([...this.jobs.values()].map((job) => job.done))
  }
}

function info(job: Job): JobInfo {
  const { process, spec } = job
  return { id: job.id, kind: spec.kind, label: spec.label, owner: spec.owner, status: process.status, exitCode: process.exitCode, signal: process.signal, done: job.done }
}
