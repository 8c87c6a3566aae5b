/**
 * The `read` tool: a line-numbered window of a UTF-8 file (or of a spilled tool result,
 * `/.dsh/spill/<id>.txt`); records what it saw on `fs/observed` so the observation policy can
 * guard later writes. Plane: worker. Contract: dsh contracts §13.
 * @module tool-fs/read-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { FsError, notFound } from '../fs/errors.ts'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { JsonSchemaNode, ToolDefinition } from '../tools/types.ts'
import { langOf } from './lang.ts'
import { READ_DEFAULT_LIMIT, readWindow, renderRead, type ReadValue } from './read-window.ts'
import { spilledText } from './spill-source.ts'
import { fsCall } from './tool-context.ts'

interface ReadArgs { file_path: string; offset?: number; limit?: number }

const lineSchema: JsonSchemaNode = { type: 'object', required: ['number', 'text'], properties: { number: { type: 'integer' }, text: { type: 'string' } } }

const PARAMETERS = toolParameters('read', {
  type: 'object', required: ['file_path'], additionalProperties: false,
  properties: {
    file_path: { type: 'string', description: 'Path of the file, relative to the workspace root or absolute.' },
    offset: { type: 'integer', minimum: 1, description: 'First line to read, 1-based (default 1).' },
    limit: { type: 'integer', minimum: 1, description: `Maximum number of lines (default ${READ_DEFAULT_LIMIT}).` },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('read', { type: 'object', required: ['path', 'offset', 'lines', 'totalLines'], properties: { path: { type: 'string' }, offset: { type: 'integer' }, lines: { type: 'array', items: lineSchema }, totalLines: { type: 'integer' } } })

export function readTool(ctx: Context): ToolDefinition<ReadArgs, ReadValue> {
  return defineTool<ReadArgs, ReadValue>({
    name: 'read',
    description: [
      'Read a UTF-8 text file from the workspace. Returns numbered lines ("N: text") inside a <path>/<type>/<content> envelope.',
      `By default reads up to ${READ_DEFAULT_LIMIT} lines from the start; use offset (1-based line number) and limit to page through long files.`,
      'Lines longer than 2000 characters are cut and output stops at 50 KiB; the footer tells you where to continue.',
      'You must read a file before you edit it or overwrite it.',
    ].join(' '),
    parameters: PARAMETERS,
    effect: 'read',
    isConcurrencySafe: () => true,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (args, value) => [{ type: 'text', text: renderRead(value, args.limit ?? READ_DEFAULT_LIMIT) }],
      presentationMeta: (args, value) => ({ ...value, ...(langOf(value.path) ? { lang: langOf(value.path)! } : {}) }),
    },
    async execute(args, exec) {
      const { target, policy } = fsCall(ctx, exec, args.file_path)
      const spilled = await spilledText(ctx, target)
      if (spilled !== undefined) return readWindow(target.displayPath, spilled, args.offset ?? 1, args.limit ?? READ_DEFAULT_LIMIT)
      const stat = await ctx.fs.stat(target, exec.signal, policy)
      if (!stat) {
        ctx.emit('fs/observed', target, { kind: 'absent' }, exec)
        throw notFound(target.displayPath)
      }
      if (stat.type !== 'file') throw new FsError('FS_NOT_REGULAR_FILE', `Not a regular file: ${target.displayPath} is a directory; list it with bash (ls) or glob`)
      const text = await ctx.fs.readText(target, exec.signal, policy)
      ctx.emit('fs/observed', target, { kind: 'present', version: stat.version }, exec)
      return readWindow(target.displayPath, text, args.offset ?? 1, args.limit ?? READ_DEFAULT_LIMIT)
    },
    presentCall: (args) => ({ card: 'generic', title: `Read ${args.file_path}`, kind: 'read', locations: [args.file_path] }),
    presentResult(_args, result) {
      const meta = result.meta as (ReadValue & { lang?: string }) | undefined
      if (result.isError || !meta) return undefined
      return { card: 'read', path: meta.path, offset: meta.offset, lines: meta.lines, totalLines: meta.totalLines, ...(meta.lang ? { lang: meta.lang } : {}) }
    },
  })
}
