/**
 * The agent inbox (dsh contracts §3): two ordered lists addressed by message id, a projection
 * of `agent/inbox/spliced` events. Plane: worker; no DOM. Contract: every mutation logs its
 * splice first, then mutates, then emits `discarded`/`inserted` (claims emit `claimed` only).
 * @module agent-loop/inbox
 */
import type { UserMessage } from '../llm/types.ts'
import type { Session } from '../session/session.ts'
import type { InboxTarget, SessionEvent, SessionEventMap } from '../session/types.ts'
import type { MessageId } from '../util/brand.ts'
import type { Inbox } from './types.ts'

type Spliced = SessionEventMap['agent/inbox/spliced']

/** Raised for a bad inbox call; the inbox and the log are unchanged. */
export class InboxError extends Error {
  override readonly name = 'InboxError'
  constructor(readonly code: 'DUPLICATE_MESSAGE_ID' | 'MESSAGE_NOT_FOUND' | 'INVALID_TARGET' | 'INVALID_MESSAGE', message: string) {
    super(message)
  }
}

/** Live notifications, fired after the mutation; failures are the listeners' own. */
export interface InboxHooks {
  inserted(message: UserMessage, target: InboxTarget): void
  claimed(message: UserMessage, turn: number): void
  discarded(message: UserMessage, target: InboxTarget): void
  changed(): void
}

const TARGETS: readonly InboxTarget[] = ['next-turn', 'next-step']

/** Apply one array-splice (already normalized) to a list. */
function applySplice(list: UserMessage[], data: Spliced): UserMessage[] {
  return list.splice(data.start, data.removedCount ?? 0, ...data.inserted)
}

/** Both lists as `agent/inbox/spliced` events after `fromSeq` leave them. */
export function replayInbox(events: readonly SessionEvent[], fromSeq: number): Record<InboxTarget, UserMessage[]> {
  const lists: Record<InboxTarget, UserMessage[]> = { 'next-turn': [], 'next-step': [] }
  for (let i = fromSeq; i < events.length; i++) {
    const event = events[i]!
    if (event.type === 'agent/inbox/spliced') applySplice(lists[event.data.target], event.data)
  }
  return lists
}

export class AgentInbox implements Inbox {
  private readonly lists: Record<InboxTarget, UserMessage[]>

  constructor(private readonly session: Session, private readonly hooks: InboxHooks) {
    // A log without any splice leaves both lists empty: no need to scan it whole (a resumed 100k-event session).
    this.lists = replayInbox(session.lastOfType('agent/inbox/spliced') === undefined ? [] : session.events, session.header.seedLength ?? 0)
  }

  get nextTurn(): readonly UserMessage[] {
    return this.lists['next-turn']
  }

  get nextStep(): readonly UserMessage[] {
    return this.lists['next-step']
  }

  get hasPending(): boolean {
    return this.lists['next-turn'].length + this.lists['next-step'].length > 0
  }

  append(message: UserMessage, target: InboxTarget): void {
    this.splice(target, this.list(target).length, 0, [message])
  }

  prepend(message: UserMessage, target: InboxTarget): void {
    this.splice(target, 0, 0, [message])
  }

  replace(id: MessageId, message: UserMessage): void {
    const { target, index } = this.locate(id)
    this.splice(target, index, 1, [message])
  }

  /** Withdraw a queued message; `false` if it is not queued (already claimed or removed). */
  remove(id: MessageId): boolean {
    const found = this.find(id)
    if (!found) return false
    this.mutate(found.target, found.index, 1, [], 'canceled')
    return true
  }

  /** Empty `next-step`, then `next-turn`; each withdrawn message is discarded. */
  clear(): void {
    for (const target of ['next-step', 'next-turn'] as const) this.mutate(target, 0, this.list(target).length, [], 'canceled')
  }

  splice(target: InboxTarget, start: number, deleteCount: number, inserted: UserMessage[]): UserMessage[] {
    return this.mutate(target, start, deleteCount, inserted, undefined)
  }

  /**
   * Loop-only: take all of `next-step`, then the head of `next-turn` when `target` is
   * `'next-turn'`. Pure deletions (no outcome, nothing discarded); emits `claimed` per message.
   */
  claim(target: InboxTarget, turn: number): UserMessage[] {
    const batch = this.mutate('next-step', 0, this.lists['next-step'].length, [], undefined, true)
    if (target === 'next-turn') batch.push(...this.mutate('next-turn', 0, 1, [], undefined, true))
    for (const message of batch) this.hooks.claimed(message, turn)
    return batch
  }

  private mutate(target: InboxTarget, start: number, deleteCount: number, inserted: UserMessage[], outcome: 'canceled' | undefined, quiet = false): UserMessage[] {
    const list = this.list(target)
    const from = normalizeStart(start, list.length)
    const removedCount = Math.min(Math.max(0, Math.trunc(deleteCount) || 0), list.length - from)
    if (removedCount === 0 && inserted.length === 0) return []
    this.checkInserted(inserted, list.slice(from, from + removedCount))
    const data: Spliced = { target, start: from, inserted }
    if (removedCount > 0) data.removedCount = removedCount
    if (outcome) data.outcome = outcome
    const logged = this.session.append('agent/inbox/spliced', data)
    const removed = applySplice(list, { ...logged.data, inserted: [...logged.data.inserted] })
    this.hooks.changed()
    if (quiet) return removed
    if (outcome) for (const message of removed) this.hooks.discarded(message, target)
    for (const message of list.slice(from, from + inserted.length)) this.hooks.inserted(message, target)
    return removed
  }

  private checkInserted(inserted: readonly UserMessage[], removed: readonly UserMessage[]): void {
    const freed = new Set(removed.map((message) => message.id))
    const seen = new Set<string>()
    for (const message of inserted) {
      if (message?.role !== 'user' || typeof message.id !== 'string') {
        throw new InboxError('INVALID_MESSAGE', 'inbox: only user messages with an id can be queued')
      }
      if (seen.has(message.id) || (!freed.has(message.id) && this.find(message.id))) {
        throw new InboxError('DUPLICATE_MESSAGE_ID', `inbox: message ${message.id} is already queued`)
      }
      seen.add(message.id)
    }
  }

  private list(target: InboxTarget): UserMessage[] {
    if (!TARGETS.includes(target)) throw new InboxError('INVALID_TARGET', `inbox: unknown target ${JSON.stringify(target)}`)
    return this.lists[target]
  }

  private find(id: MessageId): { target: InboxTarget; index: number } | undefined {
    for (const target of TARGETS) {
      const index = this.lists[target].findIndex((message) => message.id === id)
      if (index >= 0) return { target, index }
    }
    return undefined
  }

  private locate(id: MessageId): { target: InboxTarget; index: number } {
    const found = this.find(id)
    if (!found) throw new InboxError('MESSAGE_NOT_FOUND', `inbox: no queued message ${id}`)
    return found
  }
}

function normalizeStart(start: number, length: number): number {
  const n = Math.trunc(start) || 0
  return n < 0 ? Math.max(length + n, 0) : Math.min(n, length)
}
