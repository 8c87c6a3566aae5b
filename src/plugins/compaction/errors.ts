/**
 * Named compaction failures (dsh manual error kinds).
 * Plane: shared. @module plugins/compaction/errors
 */
export type CompactionErrorKind = 'busy' | 'cancelled' | 'changed' | 'summary' | 'commit' | 'persistence' | 'nothing' | 'no-window'

export class CompactionError extends Error {
  override readonly name = 'CompactionError'
  constructor(readonly kind: CompactionErrorKind, message: string) {
    super(message)
  }
}
