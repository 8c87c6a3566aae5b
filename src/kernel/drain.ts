/**
 * The runtime's drain: every acknowledged session event made durable before a writer ends, under a
 * watchdog so a wedged backend cannot hang `dispose()`. Plane: worker/shared; function timers only.
 * Contract: never rejects and never hangs; a timeout counts as not durable.
 * @module kernel/drain
 */
import type { FlushOutcome } from '../session/persistence.ts'
import type { SessionStore } from '../session/store.ts'

/** Longer than the IndexedDB backend's own per-write watchdog (10 s), so that one reports first. */
export const DRAIN_TIMEOUT_MS = 15_000

export function drainSessions(sessions: Pick<SessionStore, 'flush'>, timeoutMs = DRAIN_TIMEOUT_MS): Promise<FlushOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ durable: false }), timeoutMs)
    const settle = (outcome: FlushOutcome) => {
      clearTimeout(timer)
      resolve(outcome)
    }
    sessions.flush().then(settle, () => settle({ durable: false }))
  })
}
