/**
 * The request-header fold (dsh contracts §2.6, §6.5): canonical headers, their equality, and an
 * incremental per-session fold of the last `request/header` and `request/context`.
 * Plane: worker; pure over the log. Contract: each fold call reads only events it has not seen.
 * @module agent-loop/request-header
 */
import type { LlmCallConfig, ToolSchema } from '../llm/types.ts'
import { callConfigEquals } from '../llm/runtime.ts'
import type { Session } from '../session/session.ts'
import { isDeepFrozen } from '../util/frozen.ts'
import { isSnapshot } from '../tools/json-snapshot.ts'
import type { EpochHeader, SessionEventMap } from '../session/types.ts'

/** Drops empty `system`/`tools`; keeps only set config fields. */
export function canonicalHeader(config: LlmCallConfig, system: string | undefined, tools: readonly ToolSchema[]): EpochHeader {
  const header: EpochHeader = { config: { ...config } }
  if (system) header.system = system
  if (tools.length) header.tools = tools as ToolSchema[]
  return header
}

/**
 * Deep-frozen parameters object → another found JSON-equal to it. Both can never change, so the
 * pair stays equal: later compares of the logged schema and the registry's snapshot are pointer compares.
 */
const sameParameters = new WeakMap<object, unknown>()

function parametersEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
  if (objects && (sameParameters.get(a) === b || sameParameters.get(b) === a)) return true
  if (JSON.stringify(a) !== JSON.stringify(b)) return false
  if (objects && isDeepFrozen(a) && isDeepFrozen(b)) sameParameters.set(a, b)
  return true
}

/**
 * `logged` is the session's copy of `source` (the session stores a deep-frozen copy of what it
 * validated): each tool's logged parameters equal the source's, and a source snapshot (deep-frozen)
 * never changes, so the pair is remembered now instead of found by a stringify at the next step.
 */
export function pairLoggedTools(logged: EpochHeader, source: EpochHeader): void {
  const tools = source.tools ?? []
  logged.tools?.forEach((tool, i) => {
    const parameters = tools[i]?.parameters
    if (isSnapshot(parameters) && tools[i]!.name === tool.name) sameParameters.set(tool.parameters as object, parameters)
  })
}

function toolEqual(a: ToolSchema, b: ToolSchema): boolean {
  return a === b || (a.name === b.name && a.description === b.description && parametersEqual(a.parameters, b.parameters))
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
