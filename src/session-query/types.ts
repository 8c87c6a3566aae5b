/**
 * Types of the search across stored sessions (`ctx.sessionQuery`): a hit, a result, the options
 * and the persisted index record. Plane: shared; types only (the page reads hits over the host API).
 * @module session-query/types
 */
import type { SessionId } from '../util/brand.ts'
import type { SearchableType } from './extract.ts'
import type { Snippet } from './snippet.ts'

/** The best matching event of one session. */
export interface SessionSearchHit {
  readonly sessionId: SessionId
  readonly title?: string
  readonly seq: number
  readonly type: SearchableType
  /** Epoch ms of the matching event. */
  readonly time: number
  readonly score: number
  readonly snippet: Snippet
}

export interface SessionSearchResult {
  /** Best first; at most `limit`, one per session. */
  readonly hits: readonly SessionSearchHit[]
  /** More sessions matched than `limit`: narrow the query. */
  readonly capped: boolean
  /** What the index holds after this search brought it up to date. */
  readonly indexed: { readonly sessions: number; readonly events: number }
}

export interface SessionSearchOptions {
  /** At most this many hits (1–100, default 20). */
  readonly limit?: number
  /** Leave this session out (the caller's own, for the model tool). */
  readonly exclude?: SessionId
  /** Only sessions whose header `cwd` equals this (undefined = sessions without a cwd). */
  readonly cwd?: string | undefined
  /** Apply the cwd filter (the model tool's same-workspace rule); the page sees every session. */
  readonly sameWorkspace?: boolean
  /** Only these sessions. */
  readonly sessionIds?: readonly SessionId[]
  /** Only sessions created at or after / at or before (epoch ms). */
  readonly createdFrom?: number
  readonly createdTo?: number
}

/** How far one session is indexed: the next seq to read, and the seqs that became documents. */
export interface IndexedSession {
  next: number
  seqs: number[]
  createdAt: number
  cwd?: string
}

/** What the index store keeps: the MiniSearch JSON and the per-session progress, versioned. */
export interface StoredIndex {
  readonly format: number
  readonly json: string
  readonly sessions: Record<string, IndexedSession>
}

/** Where the index is persisted (IndexedDB in the browser, memory in Node or with storage="memory"). */
export interface IndexStore {
  load(): Promise<StoredIndex | undefined>
  save(index: StoredIndex): Promise<void>
  clear(): Promise<void>
}
