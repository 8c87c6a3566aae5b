/**
 * One ledger's arithmetic (a client's or a site's): a requests-per-minute token bucket and a
 * daily token budget (UTC day). Pure functions over a plain, storable `LedgerState`; the stores
 * (memory, Durable Object) only keep the state.
 * @module gateway/limits
 */

export interface LedgerState {
  /** Bucket fill (requests) and when it was last computed (epoch ms). */
  bucket: number
  bucketAt: number
  /** UTC day (`YYYY-MM-DD`) of `tokens`. */
  day: string
  tokens: number
}

export interface LedgerLimits {
  readonly rpm: number
  readonly dailyTokens: number
}

export type Admission =
  | { readonly ok: true }
  | { readonly ok: false; readonly limit: 'rpm' | 'daily_tokens'; readonly retryAfterMs: number; readonly resetsAt: number }

const MINUTE = 60_000

export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10)
export const nextUtcMidnight = (now: number): number => Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1)

export function freshLedger(limits: LedgerLimits, now: number): LedgerState {
  return { bucket: limits.rpm, bucketAt: now, day: utcDay(now), tokens: 0 }
}

function settle(state: LedgerState, limits: LedgerLimits, now: number): void {
  state.bucket = Math.min(limits.rpm, state.bucket + ((now - state.bucketAt) * limits.rpm) / MINUTE)
  state.bucketAt = now
  const day = utcDay(now)
  if (state.day !== day) Object.assign(state, { day, tokens: 0 })
}

/** Takes one request from the bucket unless a limit is reached (then the state is unchanged but settled). */
export function admit(state: LedgerState, limits: LedgerLimits, now: number): Admission {
  settle(state, limits, now)
  if (state.tokens >= limits.dailyTokens) {
    const resetsAt = nextUtcMidnight(now)
    return { ok: false, limit: 'daily_tokens', retryAfterMs: resetsAt - now, resetsAt }
  }
  if (state.bucket < 1) {
    const retryAfterMs = Math.ceil(((1 - state.bucket) * MINUTE) / limits.rpm)
    return { ok: false, limit: 'rpm', retryAfterMs, resetsAt: now + retryAfterMs }
  }
  state.bucket -= 1
  return { ok: true }
}

/** Adds spent tokens to today's budget. */
export function charge(state: LedgerState, limits: LedgerLimits, tokens: number, now: number): void {
  settle(state, limits, now)
  state.tokens += Math.max(0, Math.round(tokens))
}

/** True when the ledger holds nothing worth keeping (full bucket, nothing spent today). */
export function idle(state: LedgerState, limits: LedgerLimits, now: number): boolean {
  settle(state, limits, now)
  return state.tokens === 0 && state.bucket >= limits.rpm
}
