/**
 * Carries approval questions to the page and answers back: the `approval/request` answerer of
 * the worker. Plane: worker. Contract (fail closed): with no page attached the question goes to
 * `next()` (default `unavailable`); detaching resolves every pending question `unavailable`; an
 * abort resolves `cancelled`; only an answer to a pending id counts; nothing times out into a grant.
 * "Allow for this session" is `allowed-once` for this call plus a session rule made by `remember`
 * before the grant (a rule that cannot be made grants nothing).
 * @module host/approval-bridge
 */
import type { ApprovalOutcome, ApprovalRequest } from '../approval/types.ts'
import type { SessionEvent } from '../session/types.ts'
import type { ApprovalQuestion, HostNotice } from '../protocol/messages.ts'
import type { ApprovalRequestId } from '../util/brand.ts'
import { newId } from '../util/brand.ts'
import { presentCall } from './cards.ts'
import type { ToolLookup } from './types.ts'

interface Pending {
  request: ApprovalRequest
  question: ApprovalQuestion
  resolve(outcome: ApprovalOutcome): void
}

/** Makes the session rule for an answered question (`ctx.approvalRules`); throws when it cannot. */
export type RememberGrant = (request: ApprovalRequest, question: ApprovalQuestion) => void
/** A slower, fuller question (a diff against the current file); `undefined` when there is nothing to add. */
export type PreviewQuestion = (question: ApprovalQuestion) => Promise<ApprovalQuestion> | undefined

export class ApprovalBridge {
  readonly #pending = new Map<ApprovalRequestId, Pending>()

  constructor(
    private readonly post: (notice: HostNotice) => void,
    private readonly isAttached: () => boolean,
    private readonly lookup: ToolLookup,
    private readonly remember: RememberGrant = () => { throw new Error('session rules are not available here') },
    private readonly preview: PreviewQuestion = () => undefined,
  ) {}

  /** The `approval/request` waterfall listener. */
  answer = (request: ApprovalRequest, next: () => Promise<ApprovalOutcome>): Promise<ApprovalOutcome> => {
    if (!this.isAttached()) return next()
    if (request.signal?.aborted) return Promise.resolve('cancelled')
    const question = this.#question(request)
    const fuller = this.preview(question)
    return new Promise<ApprovalOutcome>((resolve) => {
      const onAbort = () => this.#settle(question.id, 'cancelled')
      request.signal?.addEventListener('abort', onAbort, { once: true })
      this.#pending.set(question.id, {
        request,
        question,
        resolve: (outcome) => {
          request.signal?.removeEventListener('abort', onAbort)
          resolve(outcome)
        },
      })
      if (!fuller) return this.post({ kind: 'approval.requested', question })
      // A preview that fails shows the plain question; one that outlives the question shows nothing.
      void fuller.catch(() => question).then((shown) => {
        const pending = this.#pending.get(question.id)
        if (!pending) return
        pending.question = shown
        this.post({ kind: 'approval.requested', question: shown })
      })
    })
  }

  /**
   * @param remember with `allowed-once`: also allow matching calls for the rest of the session.
   * @returns whether `id` was pending (a stale or unknown id changes nothing).
   */
  decide(id: ApprovalRequestId, outcome: ApprovalOutcome, remember = false): boolean {
    const pending = this.#pending.get(id)
    if (!pending) return false
    if (remember && outcome === 'allowed-once') this.remember(pending.request, pending.question)
    this.#settle(id, outcome)
    return true
  }

  /** The page went away: every open question is `unavailable`. */
  detachAll(): void {
    for (const id of this.#pending.keys()) this.#settle(id, 'unavailable')
  }

  #settle(id: ApprovalRequestId, outcome: ApprovalOutcome): void {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    pending.resolve(outcome)
    if (outcome !== 'allowed-once' && outcome !== 'rejected') this.post({ kind: 'approval.withdrawn', id })
  }

  #question(request: ApprovalRequest): ApprovalQuestion {
    const question: ApprovalQuestion = { id: newId<ApprovalRequestId>(), sessionId: request.agent.id, toolName: request.toolName }
    if (request.reason !== undefined) question.reason = request.reason
    const effect = this.lookup(request.toolName)?.effect
    if (effect !== undefined) question.effect = effect
    if (request.callId === undefined) return question
    question.callId = request.callId
    const call = findCall(request.agent.session.events as readonly SessionEvent[], request.callId)
    if (call) {
      question.arguments = call.data.arguments
      const card = presentCall(this.lookup, call.data.name, call.data.arguments)
      if (card) question.card = card
    }
    return question
  }
}

function findCall(events: readonly SessionEvent[], callId: string): SessionEvent<'tool/call'> | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!
    if (e.type === 'tool/call' && e.data.callId === callId) return e as SessionEvent<'tool/call'>
  }
  return undefined
}
