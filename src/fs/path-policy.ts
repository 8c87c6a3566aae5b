/**
 * Pure POSIX path arithmetic for the virtual workspace: normalize, resolve against a cwd,
 * containment and display form. Plane: shared; no `node:path`, no I/O.
 * Contract: every returned path is absolute, normalized, without a trailing slash (except "/").
 * @module fs/path-policy
 */
import { FsError } from './errors.ts'

export const MAX_NAME_LENGTH = 255
export const MAX_PATH_LENGTH = 4096

/** True when `path` is absolute with no empty, `.` or `..` segment and no trailing slash. */
function isNormalized(path: string): boolean {
  if (path.charCodeAt(0) !== 47) return false
  if (path.length === 1) return true
  return path.charCodeAt(path.length - 1) !== 47 && !path.endsWith('/.') && !path.endsWith('/..') &&
    !path.includes('//') && !path.includes('/./') && !path.includes('/../')
}

/** Collapses `.`, `..`, repeated and trailing slashes; `..` never climbs above "/". */
export function normalizePath(path: string): string {
  return isNormalized(path) ? path : collapsePath(path) // the common case (the shell passes resolved paths): no split/join
}

/** The full split/collapse behind `normalizePath` (exported so specs can check the fast path against it). */
export function collapsePath(path: string): string {
  const parts: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  return '/' + parts.join('/')
}

/** `path` made absolute against `cwd` (itself absolute) and normalized. */
export function resolvePath(cwd: string, path: string): string {
  return normalizePath(path.startsWith('/') ? path : `${cwd}/${path}`)
}

export function joinPath(parent: string, name: string): string {
  return parent === '/' ? `/${name}` : `${parent}/${name}`
}

export function dirname(path: string): string {
  const index = path.lastIndexOf('/')
  return index <= 0 ? '/' : path.slice(0, index)
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** True when `path` is `root` or below it (both normalized). */
export function isWithin(root: string, path: string): boolean {
  return root === '/' || path === root || path.startsWith(root + '/')
}

/** How a path is shown to the model: relative to the root inside it, absolute outside. */
export function displayPath(root: string, path: string): string {
  if (path === root) return '.'
  return root !== '/' && isWithin(root, path) ? path.slice(root.length + 1) : path
}

/** Rejects raw input no provider may see: empty paths and NUL bytes. */
export function assertValidPathInput(path: string): void {
  if (typeof path !== 'string' || path.length === 0) {
    throw new FsError('FS_PERMISSION_DENIED', 'Invalid path: a path must be a non-empty string')
  }
  if (path.includes('\0')) {
    throw new FsError('FS_PERMISSION_DENIED', 'Invalid path: paths may not contain NUL bytes')
  }
  if (path.length > MAX_NAME_LENGTH && (path.length > MAX_PATH_LENGTH || path.split('/').some((part) => part.length > MAX_NAME_LENGTH))) {
    throw new FsError('FS_PERMISSION_DENIED', `Invalid path: names are limited to ${MAX_NAME_LENGTH} characters and paths to ${MAX_PATH_LENGTH}`)
  }
}
