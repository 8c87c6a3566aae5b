/**
 * The `bash` tool: one fresh shell per call through `ctx.shell`, in the workspace, with the
 * calling agent's sandbox policy; `run_in_background` hands the process to `ctx.jobs`. Plane: worker.
 * Contract: dsh contracts §13 (non-zero exits are results, not errors); a limit stop is a ShellLimitError.
 * @module tool-shell/bash-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { sandboxPolicyFor } from '../fs/sandbox-policy.ts'
import type { ShellExecSpec, ShellRunResult } from '../shell/types.ts'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { JsonSchemaNode, ToolDefinition, ToolRunContext } from '../tools/types.ts'
import type { JsonValue } from '../util/json.ts'
import { renderBackground, renderBash } from './bash-text.ts'

interface BashArgs { command: string; description: string; timeoutMs?: number; workdir?: string; run_in_background?: boolean }
type BashValue = ({ kind: 'foreground' } & ShellRunResult) | { kind: 'background'; jobId: string }

export interface BashToolOptions {
  /** Offer `run_in_background` (needs `ctx.jobs`). */
  background: boolean
}

/** A command stopped by the shell's resource limits (loop iterations, command count, recursion, output); the provider names the limit and the workaround. */
export class ShellLimitError extends Error {
  readonly code = 'SHELL_LIMIT_EXCEEDED'
  constructor(limit: string) {
    super(`The command was stopped by a shell limit: ${limit}`)
    this.name = 'ShellLimitError'
  }
}

const streamSchema: JsonSchemaNode = { type: 'object', required: ['text', 'truncated'], properties: { text: { type: 'string' }, truncated: { type: 'boolean' }, spillPath: { type: 'string' } } }
const nullableNumber: JsonSchemaNode = { oneOf: [{ type: 'number' }, { type: 'null' }] }
const nullableString: JsonSchemaNode = { oneOf: [{ type: 'string' }, { type: 'null' }] }

const backgroundParameter = {
  type: 'boolean',
  description: 'Run the command as a background job and return its job id at once (default false). Read it with job_output, stop it with job_kill. Background jobs have no time limit.',
}
const foregroundSchema: JsonSchemaNode = {
  type: 'object', required: ['kind', 'exitCode', 'signal', 'timedOut', 'aborted', 'timeoutMs', 'stdout', 'stderr'],
  properties: { kind: { const: 'foreground' }, exitCode: nullableNumber, signal: nullableString, timedOut: { type: 'boolean' }, aborted: { type: 'boolean' }, timeoutMs: { type: 'number' }, stdout: streamSchema, stderr: streamSchema },
}
const backgroundSchema: JsonSchemaNode = { type: 'object', required: ['kind', 'jobId'], properties: { kind: { const: 'background' }, jobId: { type: 'string' } } }

const foregroundProperties = {
  command: { type: 'string', description: 'The command line to run.' },
  description: { type: 'string', description: 'What the command does, in 5-10 words (shown to the user).' },
  timeoutMs: { type: 'number', minimum: 1, description: 'Time limit in milliseconds (default 120000, max 600000).' },
  workdir: { type: 'string', description: 'Directory to run in (default: the workspace root).' },
}
const parametersOf = (properties: Record<string, JsonValue>) => toolParameters('bash', { type: 'object', required: ['command', 'description'], additionalProperties: false, properties })
/** Parameters and output schema without and with `run_in_background`. */
const FOREGROUND = { parameters: parametersOf(foregroundProperties), schema: toolOutputSchema('bash', foregroundSchema) }
const WITH_BACKGROUND = {
  parameters: parametersOf({ ...foregroundProperties, run_in_background: backgroundParameter }),
  schema: toolOutputSchema('bash', { oneOf: [foregroundSchema, backgroundSchema] }),
}

export function bashTool(ctx: Context, options: BashToolOptions): ToolDefinition<BashArgs, BashValue> {
  const schemas = options.background ? WITH_BACKGROUND : FOREGROUND
  return defineTool<BashArgs, BashValue>({
    name: 'bash',
    description: [
      'Run a bash command in the workspace (a fresh shell each call: variables and cd do not persist between calls; files do).',
      'Common Unix tools are available (ls, cat, grep, sed, awk, find, sort, jq, ...); there is no network access unless configured, and no package managers or compilers.',
      'Output is cut to its last part when long. A non-zero exit code is reported, not treated as a failure.',
      'Prefer read/write/edit for files; use bash for listing, searching, pipelines and running scripts.',
    ].join(' '),
    parameters: schemas.parameters,
    effect: 'execute',
    output: {
      schema: schemas.schema,
      render: (_args, value) => [{ type: 'text', text: value.kind === 'background' ? renderBackground(value.jobId) : renderBash(value) }],
      presentationMeta: (_args, value): JsonValue => (value.kind === 'background' ? { jobId: value.jobId } : { exitCode: value.exitCode, signal: value.signal }),
    },
    async execute(args, exec) {
      const spec = ctx.shell.resolve({
        command: args.command,
        sandboxPolicy: sandboxPolicyFor(ctx, exec.agent),
        ...(args.run_in_background === true ? {} : { signal: exec.signal }),
        ...(args.workdir === undefined ? {} : { workdir: args.workdir }),
        ...(args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs }),
      })
      if (options.background && args.run_in_background === true) return startJob(ctx, args, spec, exec)
      const result = await ctx.shell.run(spec)
      if (result.limit) throw new ShellLimitError(result.limit)
      return { kind: 'foreground', ...result } as BashValue
    },
    presentCall: (args) => ({ card: 'terminal', title: args.command, description: args.description, ...(args.workdir ? { cwd: args.workdir } : {}) }),
    presentResult(_args, result) {
      const meta = result.meta as { exitCode?: number | null; signal?: string | null } | undefined
      const output = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
      return { card: 'terminal', output, ...(meta && 'exitCode' in meta ? { exitCode: meta.exitCode ?? null, signal: meta.signal ?? null } : {}) }
    },
  })
}

/** Hands the process to `ctx.jobs` (owned by the calling agent, no timeout) and returns its id. */
function startJob(ctx: Context, args: BashArgs, spec: ShellExecSpec, exec: ToolRunContext): BashValue {
  const owner = exec.agent?.id
  if (owner === undefined) throw new Error('run_in_background needs an agent to own the job; run the command in the foreground instead.')
  const jobId = ctx.jobs.start({ kind: 'bash', label: args.command, owner, run: () => ctx.shell.start({ ...spec, timeoutMs: Number.POSITIVE_INFINITY }) })
  return { kind: 'background', jobId }
}
