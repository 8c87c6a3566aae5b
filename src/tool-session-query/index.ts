/**
 * The session-query tool plugin: registers dsh's `session_search` over `ctx.sessionQuery` and its
 * prompt guidance. Cheap until used: the index (and MiniSearch) load on the first search.
 * Plane: worker. Contract: results bounded by `maxSearchResults` (default 20).
 * @module tool-session-query/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../prompt/registry.ts'
import { MAX_LIMIT } from '../session-query/limits.ts'
import { sessionSearchTool } from './search-tool.ts'

export const name = 'tool-session-query'
export const inject = ['tools', 'systemPrompt', 'sessionQuery']

export interface Config {
  /** Most sessions one search returns (1–100, default 20; dsh's default is 100, a browser model's context is smaller). */
  maxSearchResults?: number
}

const GUIDANCE = 'Use session_search to find relevant work from prior sessions in this workspace (what was asked, answered or returned by tools). Results are workspace-scoped and bounded; narrow the query when the cap is reached.'

export function apply(ctx: Context, config: Config = {}): void {
  const max = config.maxSearchResults ?? 20
  if (!Number.isInteger(max) || max < 1 || max > MAX_LIMIT) throw new TypeError(`tool-session-query: maxSearchResults must be an integer from 1 to ${MAX_LIMIT}`)
  ctx.tools.register(sessionSearchTool(ctx, max))
  ctx.systemPrompt.section({ name: 'tool:session-query', order: 113, text: GUIDANCE })
}
