/**
 * Finds and reads instruction files through `ctx.fs`: in each directory from the workspace root
 * down to a target directory, every existing base candidate (`AGENTS.md`, `CLAUDE.md`) then every
 * local overlay (`*.local.md`), siblings with the same trimmed content collapsing to the earliest.
 * Plane: worker. Contract: a file over `maxSourceBytes` is cut (and marked), never dropped; an
 * unreadable candidate is absent for this pass.
 * @module plugins/agent-instructions/files
 */
import type { FileSystem } from '../../fs/file-system.ts'
import { dirname, displayPath, isWithin, joinPath } from '../../fs/path-policy.ts'
import type { InstructionFile } from './render.ts'
import { byteLength, truncateUtf8 } from './utf8-cut.ts'

export interface Candidates {
  base: readonly string[]
  local: readonly string[]
  maxSourceBytes: number
}

/** Absolute directories from `root` down to `dir` (inclusive), or just `[root]` outside it. */
export function chain(root: string, dir: string): string[] {
  if (!isWithin(root, dir)) return [root]
  const dirs: string[] = []
  for (let d = dir; ; d = dirname(d)) {
    dirs.unshift(d)
    if (d === root || d === '/') break
  }
  return dirs
}

/** The scope a workspace directory is known by: `.` for the root, else its relative path. */
export const scopeOf = (root: string, dir: string): string => displayPath(root, dir)

/** Told when a candidate could not be read (so it is absent for this pass only). */
export type OnUnreadable = () => void

async function readCandidate(fs: FileSystem, path: string, maxSourceBytes: number, signal?: AbortSignal, unreadable?: OnUnreadable): Promise<{ content: string; sourceBytes?: number } | undefined> {
  const target = fs.resolve(path)
  try {
    const stat = await fs.stat(target, signal)
    if (stat?.type !== 'file') return undefined
    const text = await fs.readText(target, signal)
    const bytes = byteLength(text)
    return bytes > maxSourceBytes ? { content: truncateUtf8(text, maxSourceBytes), sourceBytes: bytes } : { content: text }
  } catch {
    signal?.throwIfAborted()
    unreadable?.()
    return undefined // unreadable now (permission, provider hiccup): absent for this pass
  }
}

/** The instruction files of one directory, base files first, duplicates (trimmed) removed. */
export async function loadDirectory(fs: FileSystem, dir: string, candidates: Candidates, signal?: AbortSignal, unreadable?: OnUnreadable): Promise<InstructionFile[]> {
  const files: InstructionFile[] = []
  const seen = new Set<string>()
  for (const name of [...candidates.base, ...candidates.local]) {
    const path = joinPath(dir, name)
    const read = await readCandidate(fs, path, candidates.maxSourceBytes, signal, unreadable)
    if (!read) continue
    const trimmed = read.content.trim()
    if (seen.has(trimmed)) continue
    seen.add(trimmed)
    files.push({ displayPath: displayPath(fs.root, path), scope: scopeOf(fs.root, dir), content: read.content, ...(read.sourceBytes === undefined ? {} : { sourceBytes: read.sourceBytes }) })
  }
  return files
}

/** Every instruction file from the root down to `dir`, broadest first. */
export async function loadChain(fs: FileSystem, dir: string, candidates: Candidates, signal?: AbortSignal, unreadable?: OnUnreadable): Promise<InstructionFile[]> {
  const files: InstructionFile[] = []
  for (const d of chain(fs.root, dir)) files.push(...await loadDirectory(fs, d, candidates, signal, unreadable))
  return files
}

/** The directory a touched path's instructions live in (a file's parent, or the directory itself). */
export async function directoryOf(fs: FileSystem, path: string, signal?: AbortSignal): Promise<string> {
  const target = fs.resolve(path)
  const stat = await fs.stat(target, signal).catch(() => undefined)
  return stat?.type === 'directory' ? target.targetKey : dirname(target.targetKey)
}
