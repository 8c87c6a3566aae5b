/**
 * Carries `ask_user_question` requests to the page and answers back: the `ctx.userQuestions`
 * provider of the worker. Plane: worker. Contract (fail closed, as the approval bridge): no page
 * attached → `unavailable`; detaching resolves every pending question `unavailable`; an abort
 * withdraws it; only an answer to a pending id counts (the service checks its shape).
 * @module host/question-bridge
 */
import type { HostNotice, UserQuestionPrompt } from '../protocol/messages.ts'
import type { AskUserQuestionRequest, UserQuestionOutcome, UserQuestionProvider } from '../user-questions/types.ts'
import type { QuestionRequestId } from '../util/brand.ts'
import { newId } from '../util/brand.ts'

export class QuestionBridge implements UserQuestionProvider {
  readonly #pending = new Map<QuestionRequestId, (outcome: UserQuestionOutcome) => void>()

  constructor(
    private readonly post: (notice: HostNotice) => void,
    private readonly isAttached: () => boolean,
  ) {}

  ask(request: AskUserQuestionRequest): Promise<UserQuestionOutcome> {
    if (!this.isAttached() || request.signal?.aborted) return Promise.resolve('unavailable')
    const prompt: UserQuestionPrompt = { id: newId<QuestionRequestId>(), questions: request.questions }
    if (request.agent) prompt.sessionId = request.agent.id
    if (request.callId !== undefined) prompt.callId = request.callId
    return new Promise<UserQuestionOutcome>((resolve) => {
      const onAbort = () => this.#settle(prompt.id, 'unavailable')
      request.signal?.addEventListener('abort', onAbort, { once: true })
      this.#pending.set(prompt.id, (outcome) => {
        request.signal?.removeEventListener('abort', onAbort)
        resolve(outcome)
      })
      this.post({ kind: 'question.requested', prompt })
    })
  }

  /** @returns whether `id` was pending (a stale or unknown id changes nothing). */
  answer(id: QuestionRequestId, outcome: UserQuestionOutcome): boolean {
    if (!this.#pending.has(id)) return false
    this.#settle(id, outcome)
    return true
  }

  /** The page went away: every open question is `unavailable`. */
  detachAll(): void {
    for (const id of this.#pending.keys()) this.#settle(id, 'unavailable')
  }

  #settle(id: QuestionRequestId, outcome: UserQuestionOutcome): void {
    const resolve = this.#pending.get(id)
    if (!resolve) return
    this.#pending.delete(id)
    resolve(outcome)
    this.post({ kind: 'question.settled', id })
  }
}
