/**
 * The surface: ordered seqs of message-producing events, joined by `append` or positional
 * `replace` (dsh contracts §2.3). Plane: shared; pure state. `check` validates an intent
 * before anything is pushed; `apply` commits it.
 * @module session/surface
 */
import { SessionAppendError } from './errors.ts'
import { toolResultIdentity } from './message-shape.ts'
import { type SessionEvent, type SessionEventMap, type SurfaceOp, type SurfaceView } from './types.ts'

/** Where a validated event lands: not on the surface, a push, or `count` nodes replaced from `from`. */
export type SurfacePlan = 'none' | 'append' | { readonly from: number; readonly count: number }

export const isSurfaceType = (type: string): boolean => type === 'user/message' || type === 'assistant/message' || type === 'tool/result'

function fail(code: 'INVALID_INTENT' | 'INVALID_SURFACE_OP' | 'INVALID_SOURCE_SEQS', type: string, what: string): never {
  throw new SessionAppendError(code, `${type}: ${what}`)
}

export class Surface {
  private nodes: number[] = []
  private generation = 0
  private view: SurfaceView | undefined

  get replaceGeneration(): number {
    return this.generation
  }

  get length(): number {
    return this.nodes.length
  }

  /** Becomes a copy of `other` (a session taking over the state of the one that sealed its seed). */
  copyFrom(other: Surface): void {
    this.nodes = other.nodes.slice()
    this.generation = other.generation
    this.view = undefined
  }

  /** Node seq at surface position `i`. */
  at(i: number): number {
    return this.nodes[i]!
  }

  /** A frozen snapshot, rebuilt only after a change. */
  snapshot(): SurfaceView {
    if (!this.view || this.view.nodes.length !== this.nodes.length || this.view.replaceGeneration !== this.generation) {
      this.view = Object.freeze({ nodes: Object.freeze(this.nodes.slice()), replaceGeneration: this.generation })
    }
    return this.view
  }

  /**
   * Validate the surface fields of an event about to be stored at `event.seq`.
   * @throws SessionAppendError naming the type and the broken rule
   */
  check(event: Pick<SessionEvent, 'type' | 'seq' | 'data'> & { surfaceOp?: SurfaceOp; sourceEventSeqs?: readonly number[] }, log: readonly SessionEvent[]): SurfacePlan {
    const { type, surfaceOp: op, sourceEventSeqs: sources } = event
    if (!isSurfaceType(type)) {
      if (op !== undefined || sources !== undefined) fail('INVALID_INTENT', type, 'surfaceOp and sourceEventSeqs are only allowed on surface types (user/message, assistant/message, tool/result)')
      return 'none'
    }
    if (op === undefined) return fail('INVALID_INTENT', type, 'surfaceOp is required on a surface type')
    if (sources !== undefined) checkSources(type, event.seq, sources)
    if (op === 'append') return 'append'
    if (typeof op !== 'object' || op === null || op.op !== 'replace' || !Number.isInteger(op.start) || !Number.isInteger(op.end) || Object.keys(op).length !== 3) {
      return fail('INVALID_SURFACE_OP', type, `surfaceOp must be 'append' or {op:'replace', start, end}, got ${JSON.stringify(op)}`)
    }
    const from = this.nodes.indexOf(op.start)
    const to = this.nodes.indexOf(op.end)
    if (from < 0) fail('INVALID_SURFACE_OP', type, `replace start ${op.start} is not a current surface node`)
    if (to < 0) fail('INVALID_SURFACE_OP', type, `replace end ${op.end} is not a current surface node`)
    if (from > to) fail('INVALID_SURFACE_OP', type, `replace start ${op.start} comes after end ${op.end} on the surface`)
    const shadowed = this.nodes.slice(from, to + 1)
    const missing = shadowed.filter(seq => !sources?.includes(seq))
    if (missing.length) fail('INVALID_SOURCE_SEQS', type, `sourceEventSeqs must include every shadowed node; missing ${missing.join(', ')}`)
    if (type === 'tool/result') checkPrune(event.data as SessionEventMap['tool/result'], shadowed, log)
    return { from, count: shadowed.length }
  }

  apply(seq: number, plan: SurfacePlan): void {
    if (plan === 'none') return
    if (plan === 'append') {
      this.nodes.push(seq)
      return
    }
    this.nodes.splice(plan.from, plan.count, seq)
    this.generation += 1
  }
}

function checkSources(type: string, seq: number, sources: readonly number[]): void {
  if (!Array.isArray(sources)) fail('INVALID_SOURCE_SEQS', type, 'sourceEventSeqs must be an array')
  if (sources.length === 0 && type !== 'assistant/message') fail('INVALID_SOURCE_SEQS', type, 'an empty sourceEventSeqs is only allowed on assistant/message')
  const seen = new Set<number>()
  for (const s of sources) {
    if (!Number.isInteger(s) || s < 0 || s >= seq) fail('INVALID_SOURCE_SEQS', type, `sourceEventSeqs entry ${JSON.stringify(s)} must be an integer in [0, ${seq})`)
    if (seen.has(s)) fail('INVALID_SOURCE_SEQS', type, `sourceEventSeqs repeats ${s}`)
    seen.add(s)
  }
}

function checkPrune(data: SessionEventMap['tool/result'], shadowed: readonly number[], log: readonly SessionEvent[]): void {
  const original = shadowed.length === 1 ? log[shadowed[0]!] : undefined
  if (original === undefined || original.type !== 'tool/result') {
    fail('INVALID_SURFACE_OP', 'tool/result', `a tool/result replace must shadow exactly one tool/result; it shadows ${shadowed.map(s => `${s} (${log[s]!.type})`).join(', ')}`)
  }
  if (toolResultIdentity(original.data) !== toolResultIdentity(data)) {
    fail('INVALID_SURFACE_OP', 'tool/result', `a tool/result replace may change only the tool-result block's content (seq ${original.seq} differs elsewhere)`)
  }
}
