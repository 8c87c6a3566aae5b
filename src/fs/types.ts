/**
 * The filesystem seam vocabulary (dsh contracts §10): targets, versions, stats, write guards,
 * results, observations, change records and the provider SPI (FsBackend). Plane: shared; types only.
 * @module fs/types
 */
import type { SandboxMode } from '../approval/types.ts'

export type { SandboxMode }

/** Opaque per-file version token (a counter or a content-derived hash, provider-specific). */
export type FsVersion = string

/** A resolved path: `targetKey` is opaque to consumers; `displayPath` is what the model sees. */
export interface FsTarget {
  readonly targetKey: string
  readonly displayPath: string
}

export type FsEntryType = 'file' | 'directory' | 'other'

export interface FsStat {
  version: FsVersion
  type: FsEntryType
  size?: number
  /** Last modification time (ms since epoch) when the provider knows it. */
  mtime?: number
}

export interface FsLstat extends Omit<FsStat, 'type'> {
  type: FsEntryType | 'symlink'
}

export interface FsDirEntry {
  name: string
  type: FsEntryType
  target: FsTarget
  version?: FsVersion
  size?: number
  mtime?: number
}

export type WriteExpectation = { kind: 'createIfAbsent' } | { kind: 'replaceIfVersion'; version: FsVersion }
export interface EditExpectation { version: FsVersion }

export interface WriteResult {
  operation: 'create' | 'update'
  version: FsVersion
  before: string | null
  after: string
}

export interface EditResult {
  version: FsVersion
  before: string
  after: string
}

export interface TextEdit {
  oldString: string
  newString: string
  replaceAll: boolean
}

/** Which fence applies to one call; `root` defaults to the workspace root. */
export interface SandboxPolicy {
  mode: SandboxMode
  root?: string
}

export type FsObservation = { kind: 'present'; version: FsVersion } | { kind: 'absent' }

/** Published on `fs/change` after every mutation made through `ctx.fs` (tools and shell alike). */
/**
 * Whether the workspace's files are all saved by its provider (`ctx.fs.saveState()`): `unsaved`
 * lists the absolute paths whose latest state could not be stored (kept in memory, retried with the
 * next save; gone after a reload), with the cause's stable code.
 */
export type WorkspaceSaveState =
  | { saved: true }
  | { saved: false; unsaved: string[]; code: string; message: string }

export type FsChange =
  | { kind: 'write'; path: string; version: FsVersion; created: boolean }
  | { kind: 'mkdir'; path: string }
  | { kind: 'rm'; path: string }
  | { kind: 'rename'; path: string; to: string }

export interface FsGlobMatch {
  target: FsTarget
  mtime?: number
}

/** Raw stat from a provider (absolute provider paths, no sandbox). */
export interface FsBackendStat {
  type: FsEntryType | 'symlink'
  version: FsVersion
  size?: number
  mtime?: number
}

export interface FsBackendEntry {
  name: string
  type: FsEntryType
  size?: number
  mtime?: number
  version?: FsVersion
}

/**
 * What a provider implements. Paths are absolute and normalized; failures are FsErrors
 * whose messages use the path as given. No sandboxing, no guards: `ctx.fs` owns those.
 */
export interface FsBackend {
  stat(path: string): Promise<FsBackendStat | undefined>
  readBytes(path: string): Promise<Uint8Array>
  readText(path: string): Promise<string>
  /** Creates or replaces (or appends to) a file; the parent directory must exist. */
  write(path: string, data: string | Uint8Array, append: boolean): Promise<FsVersion>
  mkdir(path: string, recursive: boolean): Promise<void>
  readdir(path: string): Promise<FsBackendEntry[]>
  rm(path: string, recursive: boolean): Promise<void>
  rename(from: string, to: string): Promise<void>
}
