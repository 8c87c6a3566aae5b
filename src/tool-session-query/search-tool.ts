/**
 * dsh's `session_search` for the model: full-text search over the prior sessions of the caller's
 * workspace (same header `cwd`; the browser's own sessions have none, an imported dsh session keeps
 * its directory), never the caller's own session; at most `maxResults` sessions, one best match
 * each, and a line saying when the cap cut the list. Plane: worker.
 * Contract: text output in dsh's layout; a query that is empty after trimming is INVALID_ARGS.
 * @module tool-session-query/search-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../session-query/index.ts'
import type { SessionSearchHit, SessionSearchResult } from '../session-query/types.ts'
import { defineTool, toolParameters } from '../tools/define-tool.ts'
import { ToolError } from '../tools/errors.ts'
import type { ToolDefinition } from '../tools/types.ts'
import type { SessionId } from '../util/brand.ts'

interface SearchArgs { query: string; session_ids?: string[]; created_at_from?: string; created_at_to?: string }

const iso = (ms: number): string => new Date(ms).toISOString()

function instant(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = /(?:Z|[+-]\d\d:\d\d)$/.test(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms)) throw new ToolError('SessionSearchArgsError', 'INVALID_ARGS', `${name} must be an ISO 8601 time with Z or an offset, got ${JSON.stringify(value)}`)
  return ms
}

/** dsh's text layout of a session search. */
export function renderSessionSearch(result: Pick<SessionSearchResult, 'hits' | 'capped'>): string {
  if (result.hits.length === 0) return 'No prior session matches found.'
  const lines = [`Session search results (${result.hits.length}):`]
  result.hits.forEach((hit: SessionSearchHit, index) => {
    lines.push('', `${index + 1}. Session ${hit.sessionId} — ${hit.title ?? '(untitled)'}`,
      `   Best match: seq ${hit.seq} | ${hit.type} | ${iso(hit.time)}`,
      `   Snippet: ${hit.snippet.text}`)
  })
  if (result.capped) lines.push('', 'Result cap reached. Narrow the query or add filters to find additional matches.')
  return lines.join('\n')
}

const PARAMETERS = toolParameters('session_search', {
  type: 'object', required: ['query'], additionalProperties: false,
  properties: {
    query: { type: 'string', description: 'Literal full-text query over prior session history.' },
    session_ids: { type: 'array', items: { type: 'string' }, description: 'Optional session ids to include.' },
    created_at_from: { type: 'string', description: 'Inclusive timezone-qualified ISO 8601 creation-time lower bound.' },
    created_at_to: { type: 'string', description: 'Inclusive timezone-qualified ISO 8601 creation-time upper bound.' },
  },
})

export function sessionSearchTool(ctx: Context, maxResults: number): ToolDefinition<SearchArgs, string> {
  return defineTool<SearchArgs, string>({
    name: 'session_search',
    description: 'Search prior sessions in the caller workspace and return the strongest matching event from each session (user, assistant and tool-result text; words match as prefixes, all words must match).',
    parameters: PARAMETERS,
    effect: 'read',
    output: { schema: { type: 'string' }, render: (_args, text) => [{ type: 'text', text }] },
    async execute(args, exec) {
      const query = args.query.trim()
      if (!query) throw new ToolError('SessionSearchArgsError', 'INVALID_ARGS', 'query must not be empty')
      const createdFrom = instant('created_at_from', args.created_at_from)
      const createdTo = instant('created_at_to', args.created_at_to)
      const caller = exec.agent?.session
      const result = await ctx.sessionQuery.search(query, {
        limit: maxResults, sameWorkspace: true, cwd: caller?.header.cwd,
        ...(caller ? { exclude: caller.id } : {}),
        ...(args.session_ids ? { sessionIds: args.session_ids as SessionId[] } : {}),
        ...(createdFrom === undefined ? {} : { createdFrom }),
        ...(createdTo === undefined ? {} : { createdTo }),
      })
      exec.signal.throwIfAborted()
      return renderSessionSearch(result)
    },
    presentCall: (args) => ({ card: 'generic', title: 'Search prior sessions', kind: 'search', rawInput: args.query }),
  })
}
