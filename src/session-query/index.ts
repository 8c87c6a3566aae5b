/**
 * `ctx.sessionQuery`: search across every stored session (dsh's session-query, for the browser).
 * The index (MiniSearch, loaded on the first search) lives here in the worker, is persisted in its
 * own IndexedDB database (`persist: 'indexeddb'`) or kept in memory, and is brought up to date
 * before each search. Plane: worker. Contract: the index is built lazily (first `search`/`warm`);
 * disposing writes a pending change (best effort) and stops its timer.
 * @module session-query/index
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import type {} from '../session/index.ts'
import type { SessionId } from '../util/brand.ts'
import { idbIndexStore, memoryIndexStore } from './index-store.ts'
import { SessionIndex } from './search-index.ts'
import type { SessionSearchOptions, SessionSearchResult } from './types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    sessionQuery: SessionQueryService
  }
}

export interface Config {
  /** Where the index is kept (default `memory`; `createRuntime({storage: 'indexeddb'})` sets `indexeddb`). */
  persist?: 'indexeddb' | 'memory'
  /** Debounce of the persisted copy after a change (default 1000 ms). */
  saveDelayMs?: number
}

export class SessionQueryService extends Service {
  static readonly inject = ['sessions']
  private readonly index: SessionIndex

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'sessionQuery')
    const sessions = ctx.sessions
    const logger = ctx.logger('session-query')
    this.index = new SessionIndex({
      store: config.persist === 'indexeddb' ? idbIndexStore() : memoryIndexStore(),
      source: {
        list: () => sessions.list(),
        read: (id) => sessions.read(id),
        liveLength: (id) => sessions.get(id)?.events.length,
      },
      ...(config.saveDelayMs === undefined ? {} : { saveDelayMs: config.saveDelayMs }),
      onError: (error) => logger.warn('search index: %s', error instanceof Error ? error.message : String(error)),
    })
    ctx.on('session/deleted', (id) => void this.index.forget(id).catch(() => undefined))
    ctx.effect(() => () => void this.index.flush().catch(() => undefined), 'session-query: save the index')
  }

  /** One hit per matching session, best first (at most `limit`, default 20, max 100). */
  search(query: string, options?: SessionSearchOptions): Promise<SessionSearchResult> {
    return this.index.search(query, options)
  }

  /** Builds or updates the index in the background (no search). */
  warm(): Promise<void> {
    return this.index.warm()
  }

  /** Drops a deleted session's documents (done on every `session/deleted`). */
  forget(id: SessionId): Promise<void> {
    return this.index.forget(id)
  }

  /** Writes a pending index change now. */
  flush(): Promise<void> {
    return this.index.flush()
  }
}

export default SessionQueryService
export { SessionIndex, SessionSearchError, INDEX_FORMAT, DEFAULT_LIMIT, MAX_LIMIT, type SessionSource } from './search-index.ts'
export { idbIndexStore, memoryIndexStore, SEARCH_DB_NAME } from './index-store.ts'
export type { SessionSearchHit, SessionSearchOptions, SessionSearchResult, IndexStore, StoredIndex } from './types.ts'
export type { Snippet } from './snippet.ts'
