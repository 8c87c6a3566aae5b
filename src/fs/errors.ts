/**
 * The filesystem failure vocabulary (dsh contracts §10): the FS_* codes and the named FsError.
 * Plane: shared; pure. Messages name only model-visible paths (never provider-internal ones).
 * @module fs/errors
 */
export type FsErrorCode =
  | 'FS_NOT_FOUND' | 'FS_NOT_DIRECTORY' | 'FS_NOT_TEXT' | 'FS_NOT_REGULAR_FILE' | 'FS_TOO_LARGE'
  | 'FS_PERMISSION_DENIED' | 'FS_SANDBOX_DENIED' | 'FS_IO_ERROR' | 'FS_STALE_VERSION'
  | 'FS_NOT_OBSERVED' | 'FS_AMBIGUOUS_EDIT' | 'FS_EDIT_NOT_FOUND' | 'FS_ABORTED'

/** A filesystem failure with a stable code; the tool pipeline reports `{name: 'FsError', code}`. */
export class FsError extends Error {
  readonly code: FsErrorCode
  constructor(code: FsErrorCode, message: string) {
    super(message)
    this.name = 'FsError'
    this.code = code
  }
}

export const isFsError = (error: unknown, code?: FsErrorCode): error is FsError =>
  error instanceof FsError && (code === undefined || error.code === code)

export const notFound = (display: string): FsError =>
  new FsError('FS_NOT_FOUND', `No such file or directory: ${display}`)

export const notDirectory = (display: string): FsError =>
  new FsError('FS_NOT_DIRECTORY', `Not a directory: ${display}`)

export const notRegularFile = (display: string): FsError =>
  new FsError('FS_NOT_REGULAR_FILE', `Not a regular file: ${display} is a directory`)

export const notText = (display: string): FsError =>
  new FsError('FS_NOT_TEXT', `Not a UTF-8 text file: ${display}`)

export const alreadyExists = (display: string): FsError =>
  new FsError('FS_IO_ERROR', `Already exists: ${display}`)

export const directoryNotEmpty = (display: string): FsError =>
  new FsError('FS_IO_ERROR', `Directory not empty: ${display}`)

export const aborted = (): FsError => new FsError('FS_ABORTED', 'File operation aborted')

/** Throws FS_ABORTED when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw aborted()
}
