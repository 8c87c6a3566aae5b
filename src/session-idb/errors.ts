/**
 * Named storage and session-persistence errors with stable codes, and the quota unwrapping rule.
 * Plane: worker (shared-safe); reads no globals.
 * Contract: every failure of this backend surfaces as one of these codes, never a bare DOMException.
 * @module session-idb/errors
 */

/** Failures of the storage medium itself; each one leaves the in-memory session running. */
export type StorageErrorCode =
  | 'QUOTA_EXCEEDED'
  | 'STORAGE_UNAVAILABLE'
  | 'STORAGE_CLEARED'
  | 'STORAGE_WEDGED'
  | 'STORAGE_BLOCKED_UPGRADE'
  | 'SESSION_TAKEN_OVER'

/** Failures of one stored session's content or ownership. */
export type SessionPersistenceErrorCode =
  | 'SESSION_NOT_FOUND'
  | 'SESSION_ALREADY_EXISTS'
  | 'SESSION_CORRUPT'
  | 'SESSION_FORMAT_NEWER'
  | 'SESSION_LOCKED'
  | 'SEQ_MISMATCH'

export class StorageError extends Error {
  override readonly name = 'StorageError'
  constructor(readonly code: StorageErrorCode, message: string, readonly sessionId?: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

export class SessionPersistenceError extends Error {
  override readonly name = 'SessionPersistenceError'
  constructor(readonly code: SessionPersistenceErrorCode, message: string, readonly sessionId?: string) {
    super(message)
  }
}

function errorName(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
    ? (value as { name: string }).name
    : undefined
}

/**
 * True when `error` is a `QuotaExceededError`, directly or as the inner cause of an `AbortError`
 * (some engines report quota only as the reason a transaction aborted: `inner` or `cause`).
 */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (errorName(current) === 'QuotaExceededError') return true
    const holder = current as { inner?: unknown; cause?: unknown }
    current = holder.inner ?? holder.cause
  }
  return false
}

/** A short, secret-free description of a thrown value for error messages. */
export function describeError(error: unknown): string {
  const name = errorName(error) ?? typeof error
  const message = typeof error === 'object' && error !== null ? String((error as { message?: unknown }).message ?? '') : String(error)
  return message ? `${name}: ${message}` : name
}
