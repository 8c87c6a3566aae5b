/**
 * `InFlight`: one promise per key while its work runs, so concurrent callers share one load
 * instead of racing two (as idb keeps one open per database for its wrappers). Plane: shared.
 * Contract: a settled run is forgotten (a failure is not remembered; the next call starts again).
 * @module util/in-flight
 */

export class InFlight<K, V> {
  private readonly runs = new Map<K, Promise<V>>()

  /** The run in flight for `key`, if any. */
  current(key: K): Promise<V> | undefined {
    return this.runs.get(key)
  }

  /** The run in flight for `key`, or `start()` begun now and shared until it settles. */
  share(key: K, start: () => Promise<V>): Promise<V> {
    const running = this.runs.get(key)
    if (running) return running
    const run = start()
    this.runs.set(key, run)
    const forget = (): void => void this.runs.delete(key)
    run.then(forget, forget)
    return run
  }
}
