/**
 * Bounds every storage call in time: a promise that does not settle within the limit rejects with
 * `STORAGE_WEDGED` instead of hanging (a wedged IndexedDB never fires success, error or abort).
 * Plane: worker; the clock is injected so tests drive it.
 * @module session-idb/watchdog
 */
import { StorageError } from './errors.ts'

/** The timer functions the backend uses; tests pass a manual clock. */
export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
}

/**
 * Races `work` against a timer of `ms` on `clock`.
 * @param label what was waited for (ends up in the error message).
 * @returns the settled value of `work`; rejects with a `STORAGE_WEDGED` StorageError on timeout.
 */
export function watchdog<T>(work: Promise<T>, ms: number, clock: Clock, label: string, sessionId?: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => {
      reject(new StorageError('STORAGE_WEDGED', `IndexedDB did not answer ${label} within ${ms} ms; the database looks wedged.`, sessionId))
    }, ms)
    work.then(
      (value) => { clock.clearTimeout(timer); resolve(value) },
      (error: unknown) => { clock.clearTimeout(timer); reject(error) },
    )
  })
}
