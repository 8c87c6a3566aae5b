/**
 * Retry delays for `llm-retry` (dsh contracts §4.4): capped exponential backoff with jitter,
 * the provider's Retry-After as a floor, and a cancellable wait. Plane: shared; no timers
 * except in {@link abortableSleep}. Contract: a delay never exceeds `maxDelayMs`.
 * @module plugins/llm-retry/backoff
 */
import type { RetryPolicy } from '../../llm/types.ts'

/**
 * @param retry - 1-based retry number
 * @param random - uniform in [0, 1)
 * @returns the delay in ms, or undefined when Retry-After exceeds the cap (give up)
 */
export function retryDelay(policy: RetryPolicy, retry: number, retryAfterMs: number | undefined, random: () => number): number | undefined {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) return undefined
  const base = Math.min(policy.initialDelayMs * 2 ** (retry - 1), policy.maxDelayMs)
  const jittered = Math.min(base * (1 + policy.jitterRatio * (2 * random() - 1)), policy.maxDelayMs)
  return Math.round(Math.max(jittered, retryAfterMs ?? 0))
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
