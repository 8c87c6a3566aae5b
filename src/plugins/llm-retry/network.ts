/**
 * The online/offline source `llm-retry` consults before retrying (reliability S10): the default
 * reads `globalThis.navigator.onLine` and the `online` event lazily. Plane: shared; no DOM
 * globals beyond those optional reads — where they are missing (Node) the network is never
 * offline. Contract: `whenOnline` resolves on the next `online` event or rejects when `signal` aborts.
 * @module plugins/llm-retry/network
 */

export interface NetworkStatus {
  /** True only when the platform positively reports that it is offline. */
  isOffline(): boolean
  /** Resolves when the network is back; rejects with the signal's reason as soon as it aborts. */
  whenOnline(signal: AbortSignal): Promise<void>
}

interface OnlineTarget {
  addEventListener?(type: 'online', listener: () => void, options?: { once?: boolean }): void
  removeEventListener?(type: 'online', listener: () => void): void
}

/** Waits for `online` on `target`; with no event support it cannot know, so it resolves at once. */
export function onlineEvent(target: OnlineTarget, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    if (typeof target.addEventListener !== 'function') return resolve()
    const onOnline = () => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }
    const onAbort = () => {
      target.removeEventListener?.('online', onOnline)
      reject(signal.reason)
    }
    target.addEventListener('online', onOnline, { once: true })
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** The platform's own view: `navigator.onLine === false` and the `online` event on `globalThis`. */
export const platformNetwork: NetworkStatus = {
  isOffline: () => (globalThis as { navigator?: { onLine?: unknown } }).navigator?.onLine === false,
  whenOnline: (signal) => onlineEvent(globalThis as OnlineTarget, signal),
}
