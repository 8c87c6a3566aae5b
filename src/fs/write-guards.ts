/**
 * The optimistic-concurrency guards of writeText/editText (dsh contracts §10).
 * Plane: shared; pure. Contract: createIfAbsent on an existing file → FS_NOT_OBSERVED;
 * a missing file or a different version → FS_STALE_VERSION.
 * @module fs/write-guards
 */
import { FsError } from './errors.ts'
import type { EditExpectation, FsBackendStat, WriteExpectation } from './types.ts'

function stale(display: string, current: FsBackendStat | undefined): FsError {
  return current
    ? new FsError('FS_STALE_VERSION', `${display} has changed since it was last read; read it again before modifying it`)
    : new FsError('FS_STALE_VERSION', `${display} no longer exists since it was last read; read it again before modifying it`)
}

export function checkWriteExpectation(expected: WriteExpectation | undefined, current: FsBackendStat | undefined, display: string): void {
  if (expected === undefined) return
  if (expected.kind === 'createIfAbsent') {
    if (current) throw new FsError('FS_NOT_OBSERVED', `${display} already exists and has not been read; read it before overwriting it`)
    return
  }
  if (!current || current.version !== expected.version) throw stale(display, current)
}

export function checkEditExpectation(expected: EditExpectation | undefined, current: FsBackendStat | undefined, display: string): void {
  if (expected !== undefined && (!current || current.version !== expected.version)) throw stale(display, current)
}
