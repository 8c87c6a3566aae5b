/**
 * The `glob` tool: workspace files matching a pattern, newest first, over `ctx.fs` (no ripgrep
 * in the browser). Plane: worker. Contract: dsh contracts §13 (`{root, paths}`; ≤100 shown).
 * @module tool-fs/glob-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { sandboxPolicyFor } from '../fs/sandbox-policy.ts'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { GLOB_MAX_PATHS, renderGlob, samplePaths } from './search-format.ts'

interface GlobArgs { pattern: string; path?: string }
type GlobValue = { root: string; paths: string[] }

export const SEARCH_TIMEOUT_MS = 30_000

const PARAMETERS = toolParameters('glob', {
  type: 'object', required: ['pattern'], additionalProperties: false,
  properties: {
    pattern: { type: 'string', description: 'The glob pattern.' },
    path: { type: 'string', description: 'Directory to search in (default: the workspace root).' },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('glob', { type: 'object', required: ['root', 'paths'], properties: { root: { type: 'string' }, paths: { type: 'array', items: { type: 'string' } } } })

export function globTool(ctx: Context): ToolDefinition<GlobArgs, GlobValue> {
  return defineTool<GlobArgs, GlobValue>({
    name: 'glob',
    description: [
      'Find files by name pattern, newest first. Supports **, *, ?, [abc] and {a,b}; a pattern without "/" matches file names at any depth',
      '(e.g. "*.ts"), one with "/" matches paths relative to the search directory (e.g. "src/**/*.test.ts").',
      `Hidden and ignored files are included; VCS directories are skipped. At most ${GLOB_MAX_PATHS} paths are shown.`,
    ].join(' '),
    parameters: PARAMETERS,
    effect: 'read',
    timeoutMs: SEARCH_TIMEOUT_MS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: renderGlob(value.paths) }],
      presentationMeta: (_args, value) => ({ paths: samplePaths(value.paths), truncated: value.paths.length > GLOB_MAX_PATHS, total: value.paths.length }),
    },
    async execute(args, exec) {
      const base = ctx.fs.resolve(args.path ?? '.', { signal: exec.signal })
      const matches = await ctx.fs.glob(args.pattern, { cwd: base.targetKey, signal: exec.signal, sandboxPolicy: sandboxPolicyFor(ctx, exec.agent) })
      const paths = matches.sort((a, b) => (b.mtime ?? 0) - (a.mtime ?? 0)).map((match) => match.target.displayPath)
      return { root: base.displayPath, paths }
    },
    presentCall: (args) => ({ card: 'generic', title: `Glob ${args.pattern}`, kind: 'search', ...(args.path ? { locations: [args.path] } : {}) }),
    presentResult(_args, result) {
      const meta = result.meta as { paths: string[]; truncated: boolean; total: number } | undefined
      if (result.isError || !meta) return undefined
      return { card: 'search', shape: 'paths', paths: meta.paths, truncated: meta.truncated, total: meta.total }
    },
  })
}
