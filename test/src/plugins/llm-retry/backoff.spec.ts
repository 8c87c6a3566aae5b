// Backoff: exponential, capped, jitter within ±ratio, Retry-After as a floor and give-up above
// the cap; the wait rejects with the abort reason at once.
import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY } from '../../../../src/llm/errors.ts'
import { abortableSleep, retryDelay } from '../../../../src/plugins/llm-retry/backoff.ts'

const policy = DEFAULT_RETRY_POLICY
describe('retryDelay', () => {
  it('doubles from initialDelayMs and caps at maxDelayMs', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(policy, n, undefined, () => 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000])
  })
  it('keeps jitter within ±jitterRatio and never above the cap', () => {
    expect(retryDelay(policy, 1, undefined, () => 0)).toBe(450)
    expect(retryDelay(policy, 1, undefined, () => 0.999999)).toBe(550)
    expect(retryDelay(policy, 6, undefined, () => 0.999999)).toBe(10_000)
  })
  it('treats Retry-After as a floor and gives up when it exceeds the cap', () => {
    expect(retryDelay(policy, 1, 3000, () => 0.5)).toBe(3000)
    expect(retryDelay(policy, 5, 3000, () => 0.5)).toBe(8000)
    expect(retryDelay(policy, 1, 10_001, () => 0.5)).toBeUndefined()
  })
})

describe('abortableSleep', () => {
  it('rejects with the abort reason as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const wait = abortableSleep(60_000, controller.signal)
    controller.abort({ kind: 'user' })
    await expect(wait).rejects.toEqual({ kind: 'user' })
  })
})
