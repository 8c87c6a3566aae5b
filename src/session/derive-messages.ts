/**
 * Incremental model-history projection over the surface (dsh contracts §2.4): appends extend
 * the cached list in O(1); a replace (new `replaceGeneration`) rebuilds it once from the nodes.
 * Plane: shared; pure. Messages are the frozen stored objects, never copies; snapshots of one
 * generation share a lineage (util/list-lineage), so consumers know each extends the earlier.
 * @module session/derive-messages
 */
import type { Message } from '../llm/types.ts'
import type { Surface } from './surface.ts'
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
  private readonly list: Message[] = []
  private generation = 0
  private snapshot: readonly Message[] | undefined
  /** Shared by the snapshots of this generation: `list` only grows between rebuilds. */
  private lineage: Lineage = {}

  constructor(private readonly surface: Surface, private readonly log: readonly SessionEvent[]) {}

  /** Called after a surface event was committed. */
  committed(event: SessionEvent): void {
    if (this.surface.replaceGeneration !== this.generation) return
    const message = messageOf(event)
    if (message === undefined) return
    this.list.push(message)
    this.snapshot = undefined
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
    for (let i = 0; i < this.surface.length; i++) {
      const message = messageOf(this.log[this.surface.at(i)]!)
      if (message !== undefined) this.list.push(message)
    }
    this.generation = this.surface.replaceGeneration
    this.snapshot = undefined
    this.lineage = {}
  }
}
