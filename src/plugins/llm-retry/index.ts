/**
 * Default `agent/request-error` listener (dsh contracts §4.4): retries retryable failures within
 * the route's policy, logging `llm/retry` before the wait and `llm/retry-started` after it; while
 * offline it first logs `llm/offline` and waits for `online` (S10). Plane: worker. Contract: every
 * wait is cancellable; the offline wait is not an attempt; non-retryable failures pass at once.
 * @module plugins/llm-retry/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { RequestErrorPayload, RequestErrorDecision } from '../../agent-loop/events.ts'
import type { Session } from '../../session/session.ts'
import { newId } from '../../util/brand.ts'
import { abortableSleep, retryDelay } from './backoff.ts'
import { platformNetwork, type NetworkStatus } from './network.ts'

declare module '../../session/types.ts' {
  interface SessionEventMap {
    /** A retryable failure found the network offline: retrying waits for `online` (`since`: epoch ms). */
    'llm/offline': { turn: number; step: number; since: number }
  }
}

export const name = 'llm-retry'
export const inject = ['sessions']
/** Log-only event types this plugin appends (declared so import and open accept them). */
export const EVENT_TYPES = ['llm/offline'] as const

export interface Config {
  /** Test seam: the wait (default: a cancellable timer). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** Test seam: jitter source in [0, 1) (default `Math.random`). */
  random?: () => number
  /** Test seam: the online/offline source (default: `navigator.onLine` and the `online` event). */
  network?: NetworkStatus
  /** Test seam: the clock for `llm/offline.since` (default `Date.now`). */
  now?: () => number
}

/** Retries already logged for this (turn, step, provider, policyKey), read back to the step start. */
export function retriesSoFar(session: Session, turn: number, step: number, provider: string, policyKey: string): number {
  const events = session.events
  let count = 0
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (event.type === 'step/start' && event.data.turn === turn && event.data.step === step) break
    if (event.type === 'llm/retry' && event.data.provider === provider && event.data.policyKey === policyKey) count++
  }
  return count
}

async function recover(payload: RequestErrorPayload, next: () => Promise<RequestErrorDecision>, config: Required<Config>): Promise<RequestErrorDecision> {
  const { agent, turn, step, provider, failure, retryPolicy: policy, signal } = payload
  if (policy.mode === 'always') {
    const downstream = await next()
    if (downstream) return downstream
  } else if (!policy.retryableCodes.includes(failure.code)) {
    return next()
  }
  const policyKey = `${policy.mode}:${provider}`
  const retry = retriesSoFar(agent.session, turn, step, provider, policyKey) + 1
  const delayMs = policy.mode === 'normal' && retry > policy.maxRetries ? undefined : retryDelay(policy, retry, failure.providerRetryAfterMs, config.random)
  if (delayMs === undefined) return policy.mode === 'always' ? undefined : next()
  if (config.network.isOffline()) {
    agent.session.append('llm/offline', { turn, step, since: config.now() }, { ignorable: true }) // dsh refuses a log with an unknown type not so marked
    await config.network.whenOnline(signal)
  }
  const retryId = newId<string>()
  agent.session.append('llm/retry', {
    retryId, turn, step, provider, mode: policy.mode, policyKey, retry,
    ...(policy.mode === 'normal' ? { maxRetries: policy.maxRetries } : {}), delayMs, failure,
  })
  await config.sleep(delayMs, signal)
  agent.session.append('llm/retry-started', { retryId, turn, step, retry })
  return { kind: 'retry' }
}

export function apply(ctx: Context, config: Config = {}): void {
  const resolved: Required<Config> = {
    sleep: config.sleep ?? abortableSleep, random: config.random ?? Math.random,
    network: config.network ?? platformNetwork, now: config.now ?? Date.now,
  }
  ctx.effect(() => ctx.sessions.declareEventTypes(EVENT_TYPES))
  ctx.on('agent/request-error', (payload, next) => recover(payload, next, resolved))
}
