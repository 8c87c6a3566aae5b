/**
 * The `edit` tool: exact-string replacement (unique match unless `replace_all`) under the guard
 * the observation policy answers on `fs/edit-intent`, then records the new version.
 * Plane: worker. Contract: dsh contracts §13 (`{path, before, after}`; one success sentence).
 * @module tool-fs/edit-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { fsCall, MAX_CARD_TEXT } from './tool-context.ts'

interface EditArgs { file_path: string; old_string: string; new_string: string; replace_all?: boolean }
type EditValue = { path: string; before: string; after: string }

function countMatches(text: string, needle: string): number {
  return needle === '' ? 0 : text.split(needle).length - 1
}

const PARAMETERS = toolParameters('edit', {
  type: 'object', required: ['file_path', 'old_string', 'new_string'], additionalProperties: false,
  properties: {
    file_path: { type: 'string', description: 'Path of the file, relative to the workspace root or absolute.' },
    old_string: { type: 'string', description: 'The exact text to replace.' },
    new_string: { type: 'string', description: 'The replacement text (empty deletes old_string).' },
    replace_all: { type: 'boolean', description: 'Replace every occurrence instead of exactly one (default false).' },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('edit', { type: 'object', required: ['path', 'before', 'after'], properties: { path: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } } })

export function editTool(ctx: Context): ToolDefinition<EditArgs, EditValue> {
  return defineTool<EditArgs, EditValue>({
    name: 'edit',
    description: [
      'Replace an exact piece of text in an existing file. old_string must match the file exactly (whitespace included)',
      'and exactly once, unless replace_all is true, which replaces every occurrence. An empty new_string deletes the match.',
      'Read the file first: an edit of a file you have not read, or that changed since you read it, is refused.',
    ].join(' '),
    parameters: PARAMETERS,
    effect: 'write',
    output: {
      schema: OUTPUT_SCHEMA,
      render: (args, value) => {
        const count = args.replace_all ? countMatches(value.before, args.old_string) : 1
        return [{ type: 'text', text: `Edited ${value.path}: replaced ${count} occurrence${count === 1 ? '' : 's'}.` }]
      },
      presentationMeta: (_args, value) => (value.before.length + value.after.length > MAX_CARD_TEXT ? { path: value.path } : value),
    },
    async execute(args, exec) {
      const { target, policy } = fsCall(ctx, exec, args.file_path)
      const expected = await ctx.waterfall('fs/edit-intent', target, exec, async () => undefined)
      const edit = { oldString: args.old_string, newString: args.new_string, replaceAll: args.replace_all === true }
      const result = await ctx.fs.editText(target, edit, expected, exec.signal, policy)
      ctx.emit('fs/observed', target, { kind: 'present', version: result.version }, exec)
      return { path: target.displayPath, before: result.before, after: result.after }
    },
    presentCall: (args) => ({ card: 'diff', title: `Edit ${args.file_path}`, diffs: [{ path: args.file_path, oldText: args.old_string, newText: args.new_string }], locations: [args.file_path] }),
    presentResult(_args, result) {
      const meta = result.meta as { path: string; before?: string; after?: string } | undefined
      if (result.isError || meta?.after === undefined || meta.before === undefined) return undefined
      return { card: 'diff', diffs: [{ path: meta.path, oldText: meta.before, newText: meta.after }] }
    },
  })
}
