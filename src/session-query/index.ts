/**
 * `ctx.sessionQuery`: search across every stored session (dsh's session-query, for the browser).
 * The index (search-index.ts with MiniSearch, and its store, all loaded on first use) lives here in
 * the worker, is persisted in its own IndexedDB database (`persist: 'indexeddb'`) or kept in memory,
 * and is brought up to date before each search. Plane: worker. Contract: the index is built lazily
 * (first `search`/`warm`/`forget`); disposing writes a pending change (best effort) and stops its timer.
 * @module session-query/index
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import type {} from '../session/index.ts'
import type { SessionId } from '../util/brand.ts'
import type { SessionIndex, SessionIndexOptions } from './search-index.ts'
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
  /** The index, once something asked for it (a load that failed is tried again next time); plain private fields: Cordis hands out proxies of a service. */
  private index: Promise<SessionIndex> | undefined
  private readonly options: Omit<SessionIndexOptions, 'store'>
  private readonly persist: Config['persist']

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'sessionQuery')
    const sessions = ctx.sessions
    const logger = ctx.logger('session-query')
    this.persist = config.persist
    this.options = {
      source: {
        list: () => sessions.list(),
        read: (id) => sessions.read(id),
        liveLength: (id) => sessions.get(id)?.events.length,
      },
      ...(config.saveDelayMs === undefined ? {} : { saveDelayMs: config.saveDelayMs }),
      onError: (error) => logger.warn('search index: %s', error instanceof Error ? error.message : String(error)),
    }
    ctx.on('session/deleted', (id) => void this.forget(id).catch(() => undefined))
    ctx.effect(() => () => void this.flush().catch(() => undefined), 'session-query: save the index')
  }

  private open(): Promise<SessionIndex> {
    this.index ??= Promise.all([import('./search-index.ts'), import('./index-store.ts')]).then(([{ SessionIndex }, stores]) =>
      new SessionIndex({ ...this.options, store: this.persist === 'indexeddb' ? stores.idbIndexStore() : stores.memoryIndexStore() }), (error: unknown) => {
      this.index = undefined
      throw error
    })
    return this.index
  }

  /** One hit per matching session, best first (at most `limit`, default 20, max 100). */
  async search(query: string, options?: SessionSearchOptions): Promise<SessionSearchResult> {
    return (await this.open()).search(query, options)
  }

  /** Builds or updates the index in the background (no search). */
  async warm(): Promise<void> {
    return (await this.open()).warm()
  }

  /** Drops a deleted session's documents (done on every `session/deleted`; a stored index is loaded for it). */
  async forget(id: SessionId): Promise<void> {
    return (await this.open()).forget(id)
  }

  /** Writes a pending index change now (none while the index was never loaded). */
  async flush(): Promise<void> {
    return (await this.index)?.flush()
  }
}

export default SessionQueryService
export type { SessionSearchHit, SessionSearchOptions, SessionSearchResult, IndexStore, StoredIndex } from './types.ts'
export type { Snippet } from './snippet.ts'
