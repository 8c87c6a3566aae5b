/**
 * The `write` tool: creates or replaces a whole text file under the guard the observation
 * policy answers on `fs/write-intent`, then records the new version. Plane: worker.
 * Contract: dsh contracts §13 (`{path, operation, before, after}`; `Created file`/`Updated file`).
 * @module tool-fs/write-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { fsCall, MAX_CARD_TEXT } from './tool-context.ts'

interface WriteArgs { file_path: string; content: string }
type WriteValue = { path: string; operation: 'create' | 'update'; before: string | null; after: string }

const PARAMETERS = toolParameters('write', {
  type: 'object', required: ['file_path', 'content'], additionalProperties: false,
  properties: {
    file_path: { type: 'string', description: 'Path of the file, relative to the workspace root or absolute.' },
    content: { type: 'string', description: 'The complete new content of the file.' },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('write', { type: 'object', required: ['path', 'operation', 'before', 'after'], properties: { path: { type: 'string' }, operation: { enum: ['create', 'update'] }, before: { oneOf: [{ type: 'string' }, { type: 'null' }] }, after: { type: 'string' } } })

export function writeTool(ctx: Context): ToolDefinition<WriteArgs, WriteValue> {
  return defineTool<WriteArgs, WriteValue>({
    name: 'write',
    description: [
      'Create a text file, or replace the whole content of an existing one. Missing parent directories are created.',
      'To overwrite an existing file you must have read its current version first (read), otherwise the write is refused;',
      'for small changes to an existing file prefer edit.',
    ].join(' '),
    parameters: PARAMETERS,
    effect: 'write',
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: `<path>${value.path}</path>\n<type>file</type>\n${value.operation === 'create' ? 'Created file' : 'Updated file'}` }],
      presentationMeta: (_args, value) => ((value.before?.length ?? 0) + value.after.length > MAX_CARD_TEXT ? { path: value.path } : value),
    },
    async execute(args, exec) {
      const { target, policy } = fsCall(ctx, exec, args.file_path)
      const expected = await ctx.waterfall('fs/write-intent', target, exec, async () => undefined)
      const result = await ctx.fs.writeText(target, args.content, expected, exec.signal, policy)
      ctx.emit('fs/observed', target, { kind: 'present', version: result.version }, exec)
      return { path: target.displayPath, operation: result.operation, before: result.before, after: result.after }
    },
    presentCall: (args) => ({ card: 'diff', title: `Write ${args.file_path}`, diffs: [{ path: args.file_path, oldText: null, newText: args.content }], locations: [args.file_path] }),
    presentResult(_args, result) {
      const meta = result.meta as { path: string; before?: string | null; after?: string } | undefined
      if (result.isError || meta?.after === undefined) return undefined
      return { card: 'diff', diffs: [{ path: meta.path, oldText: meta.before ?? null, newText: meta.after }] }
    },
  })
}
