/**
 * Recursive file listing under a directory for glob/grep, skipping VCS metadata directories.
 * Plane: worker; provider-agnostic (FsBackend only). Contract: files only, sorted by path.
 * @module fs/fs-walk
 */
import { throwIfAborted } from './errors.ts'
import { compileGlob } from './glob-pattern.ts'
import { joinPath } from './path-policy.ts'
import type { FsBackend } from './types.ts'

export const VCS_DIRECTORIES: ReadonlySet<string> = new Set(['.git', '.hg', '.svn', '.jj'])

export interface WalkedFile { relativePath: string; mtime?: number }

/** Files below `base` whose path relative to `base` matches `pattern`. */
export async function walkFiles(backend: FsBackend, base: string, pattern: string, signal?: AbortSignal): Promise<WalkedFile[]> {
  const matches = compileGlob(pattern)
  const found: WalkedFile[] = []
  const pending: string[] = ['']
  while (pending.length > 0) {
    throwIfAborted(signal)
    const relativeDir = pending.pop()!
    const entries = await backend.readdir(relativeDir === '' ? base : joinPath(base, relativeDir))
    for (const entry of entries) {
      const relativePath = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`
      if (entry.type === 'directory') {
        if (!VCS_DIRECTORIES.has(entry.name)) pending.push(relativePath)
      } else if (entry.type === 'file' && matches(relativePath)) {
        found.push({ relativePath, mtime: entry.mtime })
      }
    }
  }
  return found.sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1))
}
