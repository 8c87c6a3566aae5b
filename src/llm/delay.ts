/**
 * An abortable pause for providers that pace their chunks. Plane: shared; function timers
 * only. Contract: resolves after `ms`, or rejects with `LlmError` `ABORTED` as soon as the
 * signal aborts (timer cleared).
 * @module llm/delay
 */
import { LlmError } from './errors.ts'

/** The longest delay a timer supports. */
export const MAX_TIMER_MS = 2 ** 31 - 1

export function abortedError(): LlmError {
  return new LlmError({ message: 'request aborted', code: 'ABORTED' })
}

export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError())
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(abortedError())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, Math.min(ms, MAX_TIMER_MS))
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
