/**
 * The `bash` tool: one fresh shell per call through `ctx.shell`, in the workspace, with the
 * calling agent's sandbox policy. Plane: worker. Contract: dsh contracts §13 (foreground value;
 * non-zero exits are results, not errors); a provider limit stop is a ShellLimitError.
 * @module tool-shell/bash-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { sandboxPolicyFor } from '../fs/sandbox-policy.ts'
import type { ShellRunResult } from '../shell/types.ts'
import { defineTool } from '../tools/define-tool.ts'
import type { JsonSchemaNode, ToolDefinition } from '../tools/types.ts'
import { renderBash } from './bash-text.ts'

interface BashArgs { command: string; description: string; timeoutMs?: number; workdir?: string }
type BashValue = { kind: 'foreground' } & ShellRunResult

/** A command stopped by the shell's resource limits (loop iterations, command count, recursion, output). */
export class ShellLimitError extends Error {
  readonly code = 'SHELL_LIMIT_EXCEEDED'
  constructor(limit: string) {
    super(`The command was stopped by a shell limit: ${limit.replace(/^bash: /, '')}. Make it do less work (bounded loops, smaller inputs) or split it up.`)
    this.name = 'ShellLimitError'
  }
}

const streamSchema: JsonSchemaNode = { type: 'object', required: ['text', 'truncated'], properties: { text: { type: 'string' }, truncated: { type: 'boolean' }, spillPath: { type: 'string' } } }
const nullableNumber: JsonSchemaNode = { oneOf: [{ type: 'number' }, { type: 'null' }] }
const nullableString: JsonSchemaNode = { oneOf: [{ type: 'string' }, { type: 'null' }] }

export function bashTool(ctx: Context): ToolDefinition<BashArgs, BashValue> {
  return defineTool<BashArgs, BashValue>({
    name: 'bash',
    description: [
      'Run a bash command in the workspace (a fresh shell each call: variables and cd do not persist between calls; files do).',
      'Common Unix tools are available (ls, cat, grep, sed, awk, find, sort, jq, ...); there is no network access unless configured, and no package managers or compilers.',
      'Output is cut to its last part when long. A non-zero exit code is reported, not treated as a failure.',
      'Prefer read/write/edit for files; use bash for listing, searching, pipelines and running scripts.',
    ].join(' '),
    parameters: {
      type: 'object', required: ['command', 'description'], additionalProperties: false,
      properties: {
        command: { type: 'string', description: 'The command line to run.' },
        description: { type: 'string', description: 'What the command does, in 5-10 words (shown to the user).' },
        timeoutMs: { type: 'number', minimum: 1, description: 'Time limit in milliseconds (default 120000, max 600000).' },
        workdir: { type: 'string', description: 'Directory to run in (default: the workspace root).' },
      },
    },
    effect: 'execute',
    output: {
      schema: {
        type: 'object', required: ['kind', 'exitCode', 'signal', 'timedOut', 'aborted', 'timeoutMs', 'stdout', 'stderr'],
        properties: { kind: { const: 'foreground' }, exitCode: nullableNumber, signal: nullableString, timedOut: { type: 'boolean' }, aborted: { type: 'boolean' }, timeoutMs: { type: 'number' }, stdout: streamSchema, stderr: streamSchema },
      },
      render: (_args, value) => [{ type: 'text', text: renderBash(value) }],
      presentationMeta: (_args, value) => ({ exitCode: value.exitCode, signal: value.signal }),
    },
    async execute(args, exec) {
      const spec = ctx.shell.resolve({
        command: args.command,
        signal: exec.signal,
        sandboxPolicy: sandboxPolicyFor(ctx, exec.agent),
        ...(args.workdir === undefined ? {} : { workdir: args.workdir }),
        ...(args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs }),
      })
      const result = await ctx.shell.run(spec)
      if (result.limit) throw new ShellLimitError(result.limit)
      return { kind: 'foreground', ...result } as BashValue
    },
    presentCall: (args) => ({ card: 'terminal', title: args.command, description: args.description, ...(args.workdir ? { cwd: args.workdir } : {}) }),
    presentResult(_args, result) {
      const meta = result.meta as { exitCode: number | null; signal: string | null } | undefined
      const output = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
      return { card: 'terminal', output, ...(meta ? { exitCode: meta.exitCode, signal: meta.signal } : {}) }
    },
  })
}
