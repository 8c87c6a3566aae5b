/**
 * One short `readwrite` transaction, built synchronously and judged only by `complete` / `abort`.
 * Plane: worker; raw IndexedDB API (no await inside the transaction, so it cannot auto-commit early).
 * Contract: resolves on `complete`; rejects with the builder's own failure, or QUOTA_EXCEEDED
 * (unwrapped from an AbortError), or STORAGE_UNAVAILABLE; never settles twice.
 * @module session-idb/transact
 */
import { StorageError, describeError, isQuotaError } from './errors.ts'

export type StoreName = 'sessions' | 'events' | 'settings'

/** Handed to a builder: `fail(error)` aborts the transaction and makes `transact` reject with `error`. */
export interface TxScope {
  tx: IDBTransaction
  fail(error: Error): void
}

/** The one QUOTA_EXCEEDED every full-quota write reports: what happened and what to do. */
export function quotaExceeded(sessionId: string | undefined, cause?: unknown): StorageError {
  return new StorageError('QUOTA_EXCEEDED', 'The browser storage quota is exhausted; the session continues in memory and is not being saved. Export the sessions you need, delete old sessions or free space in this browser: saving resumes by itself once there is room.', sessionId, { cause })
}

function abortReason(tx: IDBTransaction, requestErrors: unknown[]): StorageError {
  const cause = tx.error ?? requestErrors[0]
  if (isQuotaError(cause) || requestErrors.some(isQuotaError)) return quotaExceeded(undefined, cause)
  return new StorageError('STORAGE_UNAVAILABLE', `An IndexedDB write was aborted (${cause ? describeError(cause) : 'no reason given'}).`, undefined, { cause })
}

/**
 * Runs `build` inside a new transaction on `stores`.
 * @param build issues requests synchronously or from request callbacks only.
 */
export function transact(db: IDBDatabase, stores: StoreName[], durability: IDBTransactionDurability, build: (scope: TxScope) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let tx: IDBTransaction
    try {
      tx = db.transaction(stores, 'readwrite', { durability })
    } catch (error) {
      reject(new StorageError('STORAGE_UNAVAILABLE', `IndexedDB refused a transaction: ${describeError(error)}`, undefined, { cause: error }))
      return
    }
    let failure: Error | undefined
    const requestErrors: unknown[] = []
    tx.addEventListener('error', (event) => requestErrors.push((event.target as IDBRequest).error))
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(failure ?? abortReason(tx, requestErrors))
    const scope: TxScope = {
      tx,
      fail(error) {
        failure ??= error
        try { tx.abort() } catch { /* already finished: onabort or oncomplete reports the outcome */ }
      },
    }
    try {
      build(scope)
    } catch (error) {
      scope.fail(error instanceof Error ? error : new Error(String(error)))
    }
  })
}

/** Wraps a request callback so a throw inside it fails the transaction instead of escaping. */
export function guarded(scope: TxScope, callback: () => void): () => void {
  return () => {
    try {
      callback()
    } catch (error) {
      scope.fail(error instanceof Error ? error : new Error(String(error)))
    }
  }
}
