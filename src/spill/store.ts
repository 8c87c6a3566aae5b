/**
 * Where spilled bodies live: the contract and the in-memory store (the `storage: 'memory'`
 * runtime, Node). Plane: shared; no I/O.
 * @module spill/store
 */

/** One spilled body and whom it belongs to (the owning session, for cleanup). */
export interface SpillRecord {
  readonly id: string
  readonly sessionId: string
  readonly text: string
}

/** Saves and reads spilled bodies by id; a save rejects on a storage failure, a read never throws for a missing id. */
export interface SpillStore {
  save(record: SpillRecord): Promise<void>
  /** The body, or `undefined` when it is not (or no longer) stored. */
  read(id: string): Promise<string | undefined>
  /** Forgets every body of a session; resolves to how many went. */
  deleteSession(sessionId: string): Promise<number>
}

export function memorySpillStore(): SpillStore {
  const bodies = new Map<string, SpillRecord>()
  return {
    async save(record) {
      bodies.set(record.id, record)
    },
    async read(id) {
      return bodies.get(id)?.text
    },
    async deleteSession(sessionId) {
      let count = 0
      for (const [id, record] of bodies) {
        if (record.sessionId === sessionId && bodies.delete(id)) count++
      }
      return count
    },
  }
}
