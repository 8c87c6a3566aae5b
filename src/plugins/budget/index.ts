/**
 * Budgets: a per-turn step cap and an optional per-session token budget, enforced on
 * `agent/pre-step` by ending the turn `{kind:'budget', limit, value}` before another step.
 * Plane: worker. Contract: the token count folds `assistant/message` usage incrementally.
 * @module plugins/budget/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { PreStepDecision, PreStepPayload } from '../../agent-loop/events.ts'
import { usageTotal } from '../../llm/token-estimate.ts'
import type { Session } from '../../session/session.ts'

export const name = 'budget'

export interface Config {
  /** Steps allowed per turn (agent option `maxStepsPerTurn` wins). Absent: no cap. */
  maxStepsPerTurn?: number
  /** Tokens (input + cache + output of every answered attempt) per session (agent option `tokenBudget` wins). */
  tokenBudget?: number
}

const spent = new WeakMap<Session, { scanned: number; total: number }>()

/** Tokens the session's model answers reported so far. */
export function sessionTokens(session: Session): number {
  let state = spent.get(session)
  if (!state) spent.set(session, state = { scanned: 0, total: 0 })
  const events = session.events
  for (let i = state.scanned; i < events.length; i++) {
    const event = events[i]!
    if (event.type === 'assistant/message' && event.data.usage) state.total += usageTotal(event.data.usage)
  }
  state.scanned = events.length
  return state.total
}

function check(payload: PreStepPayload, config: Config): PreStepDecision | undefined {
  const { agent, step } = payload
  const maxSteps = agent.options.maxStepsPerTurn ?? config.maxStepsPerTurn
  if (maxSteps !== undefined && step > maxSteps) return { kind: 'end', reason: { kind: 'budget', limit: 'steps', value: maxSteps } }
  const budget = agent.options.tokenBudget ?? config.tokenBudget
  if (budget !== undefined && sessionTokens(agent.session) >= budget) return { kind: 'end', reason: { kind: 'budget', limit: 'tokens', value: budget } }
  return undefined
}

export function apply(ctx: Context, config: Config = {}): void {
  ctx.on('agent/pre-step', (payload, next) => {
    const decision = check(payload, config)
    return decision ? Promise.resolve(decision) : next()
  }, { prepend: true })
}
