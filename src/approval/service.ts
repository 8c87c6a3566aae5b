/**
 * `ctx.approval`: asks the user (through `approval/request` answerers) whether one tool call may
 * run, logging `approval/asked` and `approval/decided` as a pair inside the open turn.
 * Plane: worker. Contract: fail closed — only `allowed-once` grants; `never` is decided here,
 * before any answerer; missing, throwing or malformed answers are `unavailable`; abort = `cancelled`.
 * @module approval/service
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from '../agent-loop/types.ts'
import type { Session } from '../session/session.ts'
import { newId, type ApprovalRequestId } from '../util/brand.ts'
import { createUserMessage } from '../llm/messages.ts'
import type { ApprovalOutcome, ApprovalPolicy, ApprovalRequest } from './types.ts'
import type {} from './events.ts'
import type {} from '../prompt/registry.ts'
import { describePolicy, isApprovalOutcome, isApprovalPolicy, loggedPolicy } from './policy.ts'

export interface Config {
  /** Policy when the session has no `approval/policy` event. Default `ask`. */
  policy?: ApprovalPolicy
}

/** Resolves with 'cancelled' when `signal` aborts first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | 'cancelled'> {
  if (!signal) return work
  if (signal.aborted) return Promise.resolve('cancelled')
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve('cancelled')
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export class ApprovalService extends Service {
  private readonly defaultPolicy: ApprovalPolicy

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'approval')
    const policy = config.policy ?? 'ask'
    if (!isApprovalPolicy(policy)) throw new TypeError(`approval policy must be 'ask' or 'never', got ${JSON.stringify(policy)}`)
    this.defaultPolicy = policy
    ctx.inject(['systemPrompt'], (inner) => {
      inner.systemPrompt.context({
        name: 'approval:policy',
        order: 115,
        text: ({ agent }) => describePolicy(agent ? this.policyOf(agent) : this.defaultPolicy),
      })
    })
  }

  /**
   * Asks whether `req.toolName` (call `req.callId`) may run once.
   * @throws when the agent's session has no open turn (nothing is logged then).
   */
  async request(req: ApprovalRequest): Promise<ApprovalOutcome> {
    const session = req.agent.session
    if (session.openTurn === undefined) {
      throw new Error(`approval.request(): session ${session.id} has no open turn; approval can only be asked inside a turn`)
    }
    const id = newId<ApprovalRequestId>()
    session.append('approval/asked', {
      id,
      toolName: req.toolName,
      ...(req.callId !== undefined ? { callId: req.callId } : {}),
      ...(req.reason !== undefined ? { reason: req.reason } : {}),
    })
    const outcome = await this.decide(req)
    session.append('approval/decided', { id, outcome })
    return outcome
  }

  private async decide(req: ApprovalRequest): Promise<ApprovalOutcome> {
    if (req.signal?.aborted) return 'cancelled'
    if (this.policyOf(req.agent) === 'never') return 'rejected'
    const frozen = Object.freeze({ ...req })
    try {
      const answer = await untilAborted(
        Promise.resolve().then(() => this.ctx.waterfall('approval/request', frozen, async (): Promise<ApprovalOutcome> => 'unavailable')),
        req.signal,
      )
      return isApprovalOutcome(answer) ? answer : 'unavailable'
    } catch (error) {
      this.ctx.logger('approval').warn(`approval/request answerer failed for ${req.toolName}: ${error instanceof Error ? error.message : String(error)}`)
      return req.signal?.aborted ? 'cancelled' : 'unavailable'
    }
  }

  /** The effective policy: last `approval/policy` in the agent's session, else config. */
  policyOf(agent: Agent): ApprovalPolicy {
    return loggedPolicy(agent.session) ?? this.defaultPolicy
  }

  /** The policy the session's log overrides the default with, if any. */
  overrideOf(session: Session): ApprovalPolicy | undefined {
    return loggedPolicy(session)
  }

  /**
   * Changes the agent's policy (the only writer): logs `approval/policy` and injects a notice so
   * the model learns of the change. No-op when unchanged.
   */
  setPolicy(agent: Agent, policy: ApprovalPolicy): void {
    if (!isApprovalPolicy(policy)) throw new TypeError(`approval policy must be 'ask' or 'never', got ${JSON.stringify(policy)}`)
    if (this.policyOf(agent) === policy) return
    agent.session.append('approval/policy', { policy })
    agent.inject(createUserMessage(describePolicy(policy), { kind: 'plugin', plugin: 'user-approval', form: 'notice' }))
  }
}

export default ApprovalService
