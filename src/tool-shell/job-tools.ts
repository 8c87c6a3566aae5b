/**
 * `job_output`, `job_list` and `job_kill`: read (optionally waiting), list and stop the calling
 * agent's background jobs (`ctx.jobs`). Plane: worker. Contract: dsh contracts §11/§13 and dsh's
 * tool-jobs (`wait`/`timeout_ms`, 30 s default, 600 s cap; a timed-out wait is a running status, not
 * an error); an unknown or another agent's job id is `JOB_NOT_FOUND`; job_kill waits for the end.
 * @module tool-shell/job-tools
 */
import type { Context } from '@deepseek-ai/cordis'
import { JobNotFoundError, type JobInfo, type JobStatus } from '../jobs/index.ts'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { JsonSchemaNode, ToolDefinition, ToolExecution, ToolResultView } from '../tools/types.ts'

interface JobArgs { job_id: string }
interface JobOutputArgs extends JobArgs { wait?: boolean; timeout_ms?: number }
type JobEnd = { status: JobStatus; exitCode: number | null; signal: string | null }
type JobOutputValue = JobEnd & { jobId: string; output: string; lossy: boolean }
type JobKillValue = JobEnd & { jobId: string; killed: boolean }
type JobListValue = { jobs: Array<JobEnd & { jobId: string; label: string }> }

/** dsh tool-jobs' wait defaults: `wait: true` without `timeout_ms` waits 30 s; no wait exceeds 10 min. */
export const WAIT_DEFAULT_MS = 30_000
export const WAIT_CAP_MS = 600_000

const jobIdParameters = {
  type: 'object', required: ['job_id'], additionalProperties: false,
  properties: { job_id: { type: 'string', description: 'The job id that bash returned for a run_in_background command (e.g. "job-1").' } },
}
const endProperties: Record<string, JsonSchemaNode> = {
  jobId: { type: 'string' }, status: { enum: ['running', 'completed', 'killed'] },
  exitCode: { oneOf: [{ type: 'number' }, { type: 'null' }] }, signal: { oneOf: [{ type: 'string' }, { type: 'null' }] },
}

const jobOutputParameters = {
  ...jobIdParameters,
  properties: {
    ...jobIdParameters.properties,
    wait: { type: 'boolean', description: 'Block until the job ends or the timeout expires (default false). A timed-out wait reports the job still running and leaves it alive.' },
    timeout_ms: { type: 'number', minimum: 0, description: `Max wait in milliseconds (only with wait: true; default ${WAIT_DEFAULT_MS}, capped at ${WAIT_CAP_MS}).` },
  },
}

const JOB_OUTPUT_PARAMETERS = toolParameters('job_output', jobOutputParameters)
const JOB_OUTPUT_SCHEMA = toolOutputSchema('job_output', { type: 'object', required: ['jobId', 'status', 'exitCode', 'signal', 'output', 'lossy'], properties: { ...endProperties, output: { type: 'string' }, lossy: { type: 'boolean' } } })
const JOB_KILL_PARAMETERS = toolParameters('job_kill', jobIdParameters)
const JOB_KILL_SCHEMA = toolOutputSchema('job_kill', { type: 'object', required: ['jobId', 'killed', 'status', 'exitCode', 'signal'], properties: { ...endProperties, killed: { type: 'boolean' } } })
const JOB_LIST_PARAMETERS = toolParameters('job_list', { type: 'object', properties: {}, additionalProperties: false })
const JOB_LIST_SCHEMA = toolOutputSchema('job_list', { type: 'object', required: ['jobs'], properties: { jobs: { type: 'array', items: { type: 'object', required: ['jobId', 'label', 'status', 'exitCode', 'signal'], properties: { ...endProperties, label: { type: 'string' } } } } } })

export function jobOutputTool(ctx: Context): ToolDefinition<JobOutputArgs, JobOutputValue> {
  return defineTool<JobOutputArgs, JobOutputValue>({
    name: 'job_output',
    description: [
      'Read a background job started with bash run_in_background: its status (running, completed or killed), its exit code once it has ended,',
      'and the output it produced since the previous job_output call for that job (each output is returned once).',
      'Reads do not block unless wait: true, which waits until the job ends or timeout_ms passes. You are notified when a job finishes, so do not poll.',
    ].join(' '),
    parameters: JOB_OUTPUT_PARAMETERS,
    output: {
      schema: JOB_OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: renderOutput(value) }],
      presentationMeta: (_args, value) => ({ exitCode: value.exitCode, signal: value.signal }),
    },
    isConcurrencySafe: () => true,
    async execute(args, exec) {
      ownJob(ctx, args.job_id, exec)
      if (args.wait === true) await ctx.jobs.wait(args.job_id, Math.min(args.timeout_ms ?? WAIT_DEFAULT_MS, WAIT_CAP_MS), exec.signal)
      return { jobId: args.job_id, ...ctx.jobs.read(args.job_id) }
    },
    presentCall: (args) => ({ card: 'terminal', title: ctx.jobs.get(args.job_id)?.label ?? args.job_id, description: `Output of background job ${args.job_id}` }),
    presentResult: terminalResult,
  })
}

export function jobKillTool(ctx: Context): ToolDefinition<JobArgs, JobKillValue> {
  return defineTool<JobArgs, JobKillValue>({
    name: 'job_kill',
    description: 'Stop a background job started with bash run_in_background. Its output so far stays readable with job_output. Killing a job that has already ended does nothing.',
    parameters: JOB_KILL_PARAMETERS,
    effect: 'execute',
    output: {
      schema: JOB_KILL_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: renderKill(value) }],
      presentationMeta: (_args, value) => ({ exitCode: value.exitCode, signal: value.signal }),
    },
    async execute(args, exec) {
      const job = ownJob(ctx, args.job_id, exec)
      const killed = ctx.jobs.kill(args.job_id)
      await job.done
      const { status, exitCode, signal } = ctx.jobs.get(args.job_id) ?? job
      return { jobId: args.job_id, killed, status, exitCode, signal }
    },
    presentCall: (args) => ({ card: 'terminal', title: ctx.jobs.get(args.job_id)?.label ?? args.job_id, description: `Stop background job ${args.job_id}` }),
    presentResult: terminalResult,
  })
}

export function jobListTool(ctx: Context): ToolDefinition<Record<string, never>, JobListValue> {
  return defineTool<Record<string, never>, JobListValue>({
    name: 'job_list',
    description: 'List your background jobs (running and finished) with their ids, statuses and command lines.',
    parameters: JOB_LIST_PARAMETERS,
    output: {
      schema: JOB_LIST_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: renderList(value) }],
    },
    isConcurrencySafe: () => true,
    async execute(_args, exec) {
      const jobs = exec.agent === undefined ? [] : ctx.jobs.list(exec.agent.id)
      return { jobs: jobs.map((job) => ({ jobId: job.id, label: job.label, status: job.status, exitCode: job.exitCode, signal: job.signal })) }
    },
    presentCall: () => ({ card: 'generic', title: 'List background jobs' }),
  })
}

/** dsh's `job_list` lines: `<id> [<kind>] <status> — <label>`, or `(no background jobs)`. */
function renderList(value: JobListValue): string {
  if (value.jobs.length === 0) return '(no background jobs)'
  return value.jobs.map((job) => `${job.jobId} [bash] ${job.status} — ${job.label}`).join('\n')
}

/** The job, when it exists and belongs to the calling agent (a call without an agent sees every job). */
function ownJob(ctx: Context, jobId: string, exec: ToolExecution): JobInfo {
  const job = ctx.jobs.get(jobId)
  if (!job || (exec.agent !== undefined && job.owner !== exec.agent.id)) throw new JobNotFoundError(jobId)
  return job
}

function ending(jobId: string, end: JobEnd): string {
  if (end.status === 'running') return `Job ${jobId} is still running.`
  if (end.status === 'killed') return `Job ${jobId} was killed${end.signal ? ` (signal ${end.signal})` : ''}.`
  return end.exitCode === null ? `Job ${jobId} has ended.` : `Job ${jobId} completed with exit code ${end.exitCode}.`
}

function renderOutput(value: JobOutputValue): string {
  const parts = [ending(value.jobId, value)]
  if (value.lossy) parts.push('[some output was dropped: it exceeded the buffer between reads]')
  parts.push(value.output === '' ? '(no new output)' : value.output.replace(/\n$/, ''))
  return parts.join('\n')
}

function renderKill(value: JobKillValue): string {
  if (value.killed) return `Killed job ${value.jobId}. Its remaining output can still be read with job_output.`
  return `Nothing to kill: ${ending(value.jobId, value)}`
}

function terminalResult(_args: JobArgs, result: { content: readonly { type: string; text?: string }[]; meta?: unknown }): ToolResultView {
  const meta = result.meta as { exitCode: number | null; signal: string | null } | undefined
  const output = result.content.map((block) => (block.type === 'text' ? block.text ?? '' : '')).join('')
  return { card: 'terminal', output, ...(meta ? { exitCode: meta.exitCode, signal: meta.signal } : {}) }
}
