/**
 * Incremental model-history projection over the surface (dsh contracts §2.4): appends extend
 * the cached list in O(1); a replace splices it where the replaced nodes' messages were (a flag per
 * surface node says which nodes made one); a projection that missed a change rebuilds from the nodes.
 * Plane: shared; pure. Messages are the frozen stored objects, never copies; snapshots of one
 * generation share a lineage (util/list-lineage), so consumers know each extends the earlier.
 * @module session/derive-messages
 */
import type { Message } from '../llm/types.ts'
import type { Surface, SurfacePlan } from './surface.ts'
import type { SessionEvent } from './types.ts'
import { tagLineage, type Lineage } from '../util/list-lineage.ts'

/** The message an event contributes, if any: user verbatim, non-empty assistant, tool result. */
export function messageOf(event: SessionEvent): Message | undefined {
  switch (event.type) {
    case 'user/message':
      return event.data
    case 'assistant/message':
      return event.data.message.content.length > 0 ? event.data.message : undefined
    case 'tool/result':
      return event.data.message
    default:
      return undefined
  }
}

export class MessageProjection {
  private list: Message[] = []
  private generation = 0
  private snapshot: readonly Message[] | undefined
  /** Per surface node (same order): whether it contributed a message to `list`. */
  private produced: boolean[] = []
  /** Shared by the snapshots of this generation: `list` only grows between replaces. */
  private lineage: Lineage = {}

  constructor(private readonly surface: Surface, private readonly log: readonly SessionEvent[]) {}

  /** Called after a surface event was committed with its plan (the surface already applied it). */
  committed(event: SessionEvent, plan: Exclude<SurfacePlan, 'none'>): void {
    const message = messageOf(event)
    if (plan === 'append') {
      if (this.surface.replaceGeneration !== this.generation) return
      this.produced.push(message !== undefined)
      if (message === undefined) return
      this.list.push(message)
      this.snapshot = undefined
      return
    }
    if (this.surface.replaceGeneration !== this.generation + 1) return // missed a change: current() rebuilds
    let at = 0
    for (let i = 0; i < plan.from; i++) if (this.produced[i]) at++
    let removed = 0
    for (let i = plan.from; i < plan.from + plan.count; i++) if (this.produced[i]) removed++
    this.produced.splice(plan.from, plan.count, message !== undefined)
    if (message === undefined) this.list.splice(at, removed)
    else this.list.splice(at, removed, message)
    this.generation = this.surface.replaceGeneration
    this.snapshot = undefined
    this.lineage = {}
  }

  /** A copy of this projection over `surface` (a copy of this one's surface) and `log` (a copy of its log). */
  copyFor(surface: Surface, log: readonly SessionEvent[]): MessageProjection {
    const copy = new MessageProjection(surface, log)
    copy.list = this.list.slice()
    copy.produced = this.produced.slice()
    copy.generation = this.generation
    return copy
  }

  /** A fresh, caller-owned copy of the current derivation (no frozen snapshot is made for it). */
  copy(): Message[] {
    if (this.surface.replaceGeneration !== this.generation) this.rebuild()
    return this.list.slice()
  }

  /** The current derivation; the same frozen array until the surface changes. */
  current(): readonly Message[] {
    if (this.surface.replaceGeneration !== this.generation) this.rebuild()
    if (this.snapshot === undefined) {
      this.snapshot = Object.freeze(this.list.slice())
      tagLineage(this.snapshot, this.lineage)
    }
    return this.snapshot
  }

  private rebuild(): void {
    this.list.length = 0
    this.produced.length = 0
    for (let i = 0; i < this.surface.length; i++) {
      const message = messageOf(this.log[this.surface.at(i)]!)
      this.produced.push(message !== undefined)
      if (message !== undefined) this.list.push(message)
    }
    this.generation = this.surface.replaceGeneration
    this.snapshot = undefined
    this.lineage = {}
  }
}
