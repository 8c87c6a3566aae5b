/**
 * Per-path async mutual exclusion, so a guard check and the write it protects are atomic
 * with respect to other `ctx.fs` calls on the same path. Plane: shared; no timers.
 * @module fs/path-locks
 */
export class PathLocks {
  readonly #tails = new Map<string, Promise<unknown>>()

  /** Runs `task` after every earlier task on `key` has settled; failures do not block later tasks. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve()
    const result = previous.then(task, task)
    const tail = result.then(() => undefined, () => undefined)
    this.#tails.set(key, tail)
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    })
    return result
  }
}
