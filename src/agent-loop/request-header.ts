/**
 * The request-header fold (dsh contracts §2.6, §6.5): canonical headers, their equality, and an
 * incremental per-session fold of the last `request/header` and `request/context`.
 * Plane: worker; pure over the log. Contract: each fold call reads only events it has not seen.
 * @module agent-loop/request-header
 */
import type { LlmCallConfig, ToolSchema } from '../llm/types.ts'
import { callConfigEquals } from '../llm/runtime.ts'
import type { Session } from '../session/session.ts'
import type { EpochHeader, SessionEventMap } from '../session/types.ts'

/** Drops empty `system`/`tools`; keeps only set config fields. */
export function canonicalHeader(config: LlmCallConfig, system: string | undefined, tools: readonly ToolSchema[]): EpochHeader {
  const header: EpochHeader = { config: { ...config } }
  if (system) header.system = system
  if (tools.length) header.tools = tools as ToolSchema[]
  return header
}

/** Logged tool → the (frozen) parameters object already found JSON-equal to it. */
const verifiedParameters = new WeakMap<ToolSchema, unknown>()

/** Pointer compares once a parameters object was verified; JSON only the first time. */
function toolEqual(a: ToolSchema, b: ToolSchema): boolean {
  if (a === b) return true
  if (a.name !== b.name || a.description !== b.description) return false
  if (a.parameters === b.parameters || verifiedParameters.get(b) === a.parameters) return true
  if (JSON.stringify(a.parameters) !== JSON.stringify(b.parameters)) return false
  if (typeof a.parameters === 'object' && a.parameters !== null && Object.isFrozen(a.parameters)) verifiedParameters.set(b, a.parameters)
  return true
}

function toolsEqual(a: readonly ToolSchema[] = [], b: readonly ToolSchema[] = []): boolean {
  return a === b || (a.length === b.length && a.every((tool, i) => toolEqual(tool, b[i]!)))
}

/** Same config (all call fields), system text and ordered tool schemas. */
export function headerEquals(a: EpochHeader, b: EpochHeader): boolean {
  return callConfigEquals(a.config, b.config) && (a.system ?? '') === (b.system ?? '') && toolsEqual(a.tools, b.tools)
}

export interface HeaderFoldState {
  /** The last logged header, canonical, and its seq. */
  header?: EpochHeader
  headerSeq?: number
  /** The last logged route/capacity. */
  context?: SessionEventMap['request/context']
}

interface FoldCache extends HeaderFoldState {
  scanned: number
}

const folds = new WeakMap<Session, FoldCache>()

/** The fold of `session` up to its last event (incremental across calls). */
export function foldRequestHeader(session: Session): HeaderFoldState {
  let cache = folds.get(session)
  if (!cache) folds.set(session, cache = { scanned: 0 })
  const events = session.events
  for (let i = cache.scanned; i < events.length; i++) {
    const event = events[i]!
    if (event.type === 'request/header') {
      cache.header = event.data.header
      cache.headerSeq = event.seq
    } else if (event.type === 'request/context') {
      cache.context = event.data
    }
  }
  cache.scanned = events.length
  return cache
}
