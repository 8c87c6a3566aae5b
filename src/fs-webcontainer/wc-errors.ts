/**
 * Maps WebContainer fs failures (Node-style `ENOENT: …` errors) to FsErrors naming the
 * workspace path, never the container's internal path; a lost page bridge keeps its reason.
 * Plane: shared; pure.
 * @module fs-webcontainer/wc-errors
 */
import { alreadyExists, directoryNotEmpty, FsError, notDirectory, notFound, notRegularFile } from '../fs/errors.ts'
import { WebContainerBridgeError, WebContainerUnavailableError } from '../protocol/webcontainer/errors.ts'

const BY_CODE: Record<string, (path: string) => FsError> = {
  ENOENT: notFound,
  ENOTDIR: notDirectory,
  EISDIR: notRegularFile,
  EEXIST: alreadyExists,
  ENOTEMPTY: directoryNotEmpty,
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code === 'string') return code
  return error instanceof Error ? /^(E[A-Z]+)\b/.exec(error.message)?.[1] : undefined
}

export function fromWebContainerError(error: unknown, path: string): FsError {
  if (error instanceof FsError) return error
  if (error instanceof WebContainerBridgeError || error instanceof WebContainerUnavailableError) {
    return new FsError('FS_IO_ERROR', `I/O error on ${path}: ${error.message}`) // the bridge's own text names no container path
  }
  const code = codeOf(error)
  const make = code === undefined ? undefined : BY_CODE[code]
  return make ? make(path) : new FsError('FS_IO_ERROR', `I/O error on ${path}`)
}
