/**
 * Maps FsErrors to the Node-style errors (`ENOENT: …, open '/p'` with `code`) that just-bash
 * commands recognise, keeping the sandbox reason in the text. Plane: shared; pure.
 * @module shell-justbash/node-errors
 */
import { FsError } from '../fs/errors.ts'

const NODE_CODES: Record<FsError['code'], [string, string]> = {
  FS_NOT_FOUND: ['ENOENT', 'no such file or directory'],
  FS_NOT_DIRECTORY: ['ENOTDIR', 'not a directory'],
  FS_NOT_REGULAR_FILE: ['EISDIR', 'illegal operation on a directory'],
  FS_NOT_TEXT: ['EILSEQ', 'not valid UTF-8 text'],
  FS_TOO_LARGE: ['EFBIG', 'file too large'],
  FS_PERMISSION_DENIED: ['EPERM', 'operation not permitted'],
  FS_SANDBOX_DENIED: ['EACCES', 'permission denied'],
  FS_IO_ERROR: ['EIO', 'i/o error'],
  FS_STALE_VERSION: ['EAGAIN', 'file changed'],
  FS_NOT_OBSERVED: ['EAGAIN', 'file not observed'],
  FS_AMBIGUOUS_EDIT: ['EINVAL', 'ambiguous edit'],
  FS_EDIT_NOT_FOUND: ['EINVAL', 'edit not found'],
  FS_ABORTED: ['EINTR', 'interrupted'],
}

export class NodeStyleError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

/** A Node-style error for `operation` on `path`; sandbox and policy reasons are kept verbatim. */
export function toNodeError(error: unknown, operation: string, path: string): NodeStyleError {
  if (!(error instanceof FsError)) return new NodeStyleError('EIO', `EIO: i/o error, ${operation} '${path}'`)
  if (error.code === 'FS_IO_ERROR' && error.message.startsWith('Already exists')) {
    return new NodeStyleError('EEXIST', `EEXIST: file already exists, ${operation} '${path}'`)
  }
  if (error.code === 'FS_IO_ERROR' && error.message.startsWith('Directory not empty')) {
    return new NodeStyleError('ENOTEMPTY', `ENOTEMPTY: directory not empty, ${operation} '${path}'`)
  }
  const [code, text] = NODE_CODES[error.code]
  const reason = error.code === 'FS_SANDBOX_DENIED' || error.code === 'FS_PERMISSION_DENIED' ? ` (${error.message})` : ''
  return new NodeStyleError(code, `${code}: ${text}${reason}, ${operation} '${path}'`)
}
