/**
 * The `grep` tool: regex search over workspace text files through `ctx.fs` (no ripgrep in the
 * browser), or over one spilled tool result (`/.dsh/spill/<id>.txt`), grouped by file. Plane: worker. Contract: dsh contracts §13 (`{matches}`; 250 inline).
 * @module tool-fs/grep-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import type { FsOperations } from '../fs/file-system.ts'
import { isFsError } from '../fs/errors.ts'
import { sandboxPolicyFor } from '../fs/sandbox-policy.ts'
import type { FsTarget, SandboxPolicy } from '../fs/types.ts'
import { ToolError } from '../tools/errors.ts'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { SEARCH_TIMEOUT_MS } from './glob-tool.ts'
import { splitLines } from './read-window.ts'
import { spilledText } from './spill-source.ts'
import { GREP_MAX_LINE_BYTES, GREP_MAX_MATCHES, groupMatches, renderGrep, type GrepMatch } from './search-format.ts'

interface GrepArgs { pattern: string; path?: string; include?: string }
type GrepValue = { matches: GrepMatch[] }

function compilePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern)
  } catch (error) {
    throw new ToolError('InvalidPatternError', 'INVALID_ARGS', `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`)
  }
}

async function filesToSearch(fs: FsOperations, args: GrepArgs, signal: AbortSignal, policy: SandboxPolicy | undefined): Promise<FsTarget[]> {
  const base = fs.resolve(args.path ?? '.', { signal })
  const stat = await fs.stat(base, signal, policy)
  if (stat?.type === 'file') return [base]
  const matches = await fs.glob(args.include ?? '**', { cwd: base.targetKey, signal, sandboxPolicy: policy })
  return matches.map((match) => match.target)
}

async function searchFile(fs: FsOperations, target: FsTarget, regex: RegExp, signal: AbortSignal, policy: SandboxPolicy | undefined): Promise<GrepMatch[]> {
  let text: string
  try {
    text = await fs.readText(target, signal, policy)
  } catch (error) {
    if (isFsError(error, 'FS_NOT_TEXT')) return [] // binary files are not searched
    throw error
  }
  return matchLines(target.displayPath, text, regex)
}

function matchLines(path: string, text: string, regex: RegExp): GrepMatch[] {
  const found: GrepMatch[] = []
  splitLines(text).forEach((line, index) => {
    if (regex.test(line)) found.push({ path, lineNumber: index + 1, line: line.length > GREP_MAX_LINE_BYTES ? `${line.slice(0, GREP_MAX_LINE_BYTES)}…` : line })
  })
  return found
}

const PARAMETERS = toolParameters('grep', {
  type: 'object', required: ['pattern'], additionalProperties: false,
  properties: {
    pattern: { type: 'string', description: 'The regular expression to search for.' },
    path: { type: 'string', description: 'File or directory to search (default: the workspace root).' },
    include: { type: 'string', description: 'Only search files matching this glob, e.g. "*.{ts,tsx}".' },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('grep', { type: 'object', required: ['matches'], properties: { matches: { type: 'array', items: { type: 'object', required: ['path', 'lineNumber', 'line'], properties: { path: { type: 'string' }, lineNumber: { type: 'integer' }, line: { type: 'string' } } } } } })

export function grepTool(ctx: Context): ToolDefinition<GrepArgs, GrepValue> {
  return defineTool<GrepArgs, GrepValue>({
    name: 'grep',
    description: [
      'Search file contents with a regular expression (JavaScript/ripgrep-style syntax, e.g. "function\\s+\\w+"), line by line.',
      'Searches the workspace root by default, or one file or directory given as path; include filters file names with one glob (e.g. "*.ts").',
      `Binary files and VCS directories are skipped. Matches are grouped by file; at most ${GREP_MAX_MATCHES} are shown.`,
    ].join(' '),
    parameters: PARAMETERS,
    effect: 'read',
    timeoutMs: SEARCH_TIMEOUT_MS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: renderGrep(value.matches) }],
      presentationMeta: (_args, value) => ({ files: groupMatches(value.matches.slice(0, GREP_MAX_MATCHES)), truncated: value.matches.length > GREP_MAX_MATCHES, total: value.matches.length }),
    },
    async execute(args, exec) {
      const regex = compilePattern(args.pattern)
      const policy = sandboxPolicyFor(ctx, exec.agent)
      const fs = ctx.fs.core // kernel/cordis/service: read per file
      if (args.path !== undefined) {
        const base = fs.resolve(args.path, { signal: exec.signal })
        const spilled = await spilledText(ctx, base)
        if (spilled !== undefined) return { matches: matchLines(base.displayPath, spilled, regex) }
      }
      const matches: GrepMatch[] = []
      for (const target of await filesToSearch(fs, args, exec.signal, policy)) {
        matches.push(...(await searchFile(fs, target, regex, exec.signal, policy)))
      }
      return { matches }
    },
    presentCall: (args) => ({ card: 'generic', title: `Grep ${args.pattern}`, kind: 'search', ...(args.path ? { locations: [args.path] } : {}) }),
    presentResult(_args, result) {
      const meta = result.meta as { files: { path: string; matches: { lineNumber: number; line: string }[] }[]; truncated: boolean; total: number } | undefined
      if (result.isError || !meta) return undefined
      return { card: 'search', shape: 'matches', files: meta.files, truncated: meta.truncated, total: meta.total }
    },
  })
}
