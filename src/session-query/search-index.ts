/**
 * The full-text index over every stored session (MiniSearch, imported on first use): one document
 * per searchable event, brought up to date before each search session by session from the seq it
 * last indexed, persisted behind (debounced) in its store. A stored index that fails to load, has
 * another format or disagrees with its own bookkeeping is dropped and rebuilt, never trusted; a
 * session whose log is shorter than what was indexed (replaced) is indexed again; a session gone
 * from the list loses its documents. Plane: worker. Contract: every update runs alone (a queue).
 * @module session-query/search-index
 */
import type MiniSearch from 'minisearch'
import type { SessionListing } from '../session/persistence.ts'
import type { SessionReadView } from '../session/read-view.ts'
import type { SessionId } from '../util/brand.ts'
import { searchableText, type SearchableType } from './extract.ts'
import { DEFAULT_LIMIT, MAX_LIMIT } from './limits.ts'
import { snippetOf } from './snippet.ts'
import type { IndexedSession, IndexStore, SessionSearchHit, SessionSearchOptions, SessionSearchResult } from './types.ts'

/** Bump when the documents or the MiniSearch options change: an older stored index is rebuilt. */
export const INDEX_FORMAT = 1

interface Doc { id: string; sessionId: string; seq: number; type: SearchableType; time: number; text: string }

/** What the index reads sessions through (the session store). */
export interface SessionSource {
  list(): Promise<readonly SessionListing[]>
  read(id: SessionId): Promise<SessionReadView | undefined>
  /** Events of a live session (it may be ahead of storage), or undefined when not live. */
  liveLength(id: SessionId): number | undefined
}

export interface SessionIndexOptions {
  store: IndexStore
  source: SessionSource
  /** Debounce of the persisted copy after a change (default 1000 ms). */
  saveDelayMs?: number
  onError?(error: unknown): void
}

const MINI_OPTIONS = {
  fields: ['text'],
  storeFields: ['sessionId', 'seq', 'type', 'time', 'text'],
  searchOptions: { prefix: (term: string) => term.length > 2, combineWith: 'AND' as const },
}

let loadingMiniSearch: Promise<typeof MiniSearch> | undefined
const miniSearch = (): Promise<typeof MiniSearch> => (loadingMiniSearch ??= import('minisearch').then((m) => m.default))

const docId = (sessionId: string, seq: number): string => `${sessionId}\u0000${seq}`

/** A clear error for a query the index cannot take. */
export class SessionSearchError extends Error {
  readonly code: 'SESSION_SEARCH_INVALID_QUERY' | 'SESSION_SEARCH_INVALID_LIMIT'
  constructor(code: SessionSearchError['code'], message: string) {
    super(message)
    this.name = 'SessionSearchError'
    this.code = code
  }
}

export class SessionIndex {
  #mini: MiniSearch<Doc> | undefined
  #sessions = new Map<string, IndexedSession>()
  #titles = new Map<string, string>()
  #queue: Promise<unknown> = Promise.resolve()
  #saveTimer: ReturnType<typeof setTimeout> | undefined
  #dirty = false
  readonly #options: SessionIndexOptions
  /** Why the stored index was not used on the last load ('missing' | 'corrupt' | 'format' | 'mismatch'), for tests and logs. */
  lastLoad: 'loaded' | 'missing' | 'corrupt' | 'format' | 'mismatch' | undefined

  constructor(options: SessionIndexOptions) {
    this.#options = options
  }

  /** Brings the index up to date and answers `query`: one hit per session, best first, bounded. */
  search(query: string, options: SessionSearchOptions = {}): Promise<SessionSearchResult> {
    const limit = options.limit ?? DEFAULT_LIMIT
    if (typeof query !== 'string') return Promise.reject(new SessionSearchError('SESSION_SEARCH_INVALID_QUERY', 'query must be a string'))
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return Promise.reject(new SessionSearchError('SESSION_SEARCH_INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_LIMIT}, got ${String(limit)}`))
    }
    return this.#serial(async () => {
      const mini = await this.#update()
      return { ...this.#query(mini, query.trim(), limit, options), indexed: { sessions: this.#sessions.size, events: mini.documentCount } }
    })
  }

  /** Builds or updates the index without searching (the panel calls it when it opens). */
  warm(): Promise<void> {
    return this.#serial(async () => { await this.#update() })
  }

  /** Removes a deleted session's documents now (and from the persisted copy, at the next save). */
  forget(sessionId: string): Promise<void> {
    return this.#serial(async () => {
      if (!this.#mini) return
      this.#drop(this.#mini, sessionId)
      this.#scheduleSave()
    })
  }

  /** Writes a pending change now and stops the debounce timer. */
  async flush(): Promise<void> {
    clearTimeout(this.#saveTimer)
    this.#saveTimer = undefined
    await this.#serial(() => this.#save())
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work)
    this.#queue = run.catch(() => undefined)
    return run
  }

  async #load(): Promise<MiniSearch<Doc>> {
    const MiniSearchClass = await miniSearch()
    const fresh = (): MiniSearch<Doc> => new MiniSearchClass<Doc>(MINI_OPTIONS)
    let stored
    try {
      stored = await this.#options.store.load()
    } catch (error) {
      this.#options.onError?.(error)
    }
    if (!stored) { this.lastLoad = 'missing'; return fresh() }
    if (stored.format !== INDEX_FORMAT) { this.lastLoad = 'format'; return fresh() }
    let mini: MiniSearch<Doc>
    try {
      mini = MiniSearchClass.loadJSON<Doc>(stored.json, MINI_OPTIONS)
    } catch {
      this.lastLoad = 'corrupt'
      return fresh()
    }
    const sessions = new Map(Object.entries(stored.sessions))
    let expected = 0
    for (const entry of sessions.values()) {
      if (!Number.isInteger(entry?.next) || !Array.isArray(entry.seqs) || typeof entry.createdAt !== 'number') { this.lastLoad = 'mismatch'; return fresh() }
      expected += entry.seqs.length
    }
    if (expected !== mini.documentCount) { this.lastLoad = 'mismatch'; return fresh() }
    this.#sessions = sessions
    this.lastLoad = 'loaded'
    return mini
  }

  async #update(): Promise<MiniSearch<Doc>> {
    if (!this.#mini) {
      this.#sessions = new Map()
      this.#mini = await this.#load()
      if (this.lastLoad !== 'loaded') this.#dirty = true
    }
    const mini = this.#mini
    const { source } = this.#options
    const listed = await source.list()
    const present = new Set<string>()
    this.#titles.clear()
    for (const listing of listed) {
      const id = listing.header.id
      present.add(id)
      if (listing.title !== undefined) this.#titles.set(id, listing.title)
      const length = source.liveLength(id) ?? listing.eventCount
      const entry = this.#sessions.get(id)
      if (entry && length < entry.next) this.#drop(mini, id) // replaced (deleted and imported again): index it anew
      else if (entry && length === entry.next) continue
      await this.#index(mini, id)
    }
    for (const id of this.#sessions.keys()) if (!present.has(id)) this.#drop(mini, id)
    this.#scheduleSave()
    return mini
  }

  async #index(mini: MiniSearch<Doc>, id: SessionId): Promise<void> {
    const view = await this.#options.source.read(id)
    if (!view) return
    const entry = this.#sessions.get(id) ?? { next: 0, seqs: [], createdAt: view.header.createdAt, ...(view.header.cwd === undefined ? {} : { cwd: view.header.cwd }) }
    const docs: Doc[] = []
    for (let i = entry.next; i < view.events.length; i++) {
      const event = view.events[i]!
      const found = searchableText(event)
      if (found) docs.push({ id: docId(id, event.seq), sessionId: id, seq: event.seq, type: found.type, time: event.time, text: found.text })
    }
    mini.addAll(docs)
    entry.seqs.push(...docs.map((d) => d.seq))
    entry.next = view.events.length
    this.#sessions.set(id, entry)
    this.#dirty = true
  }

  #drop(mini: MiniSearch<Doc>, id: string): void {
    const entry = this.#sessions.get(id)
    if (!entry) return
    mini.discardAll(entry.seqs.filter((seq) => mini.has(docId(id, seq))).map((seq) => docId(id, seq)))
    this.#sessions.delete(id)
    this.#dirty = true
  }

  #query(mini: MiniSearch<Doc>, query: string, limit: number, options: SessionSearchOptions): Omit<SessionSearchResult, 'indexed'> {
    if (!query) return { hits: [], capped: false }
    const hits: SessionSearchHit[] = []
    const seen = new Set<string>()
    const only = options.sessionIds ? new Set<string>(options.sessionIds) : undefined
    const admits = (sessionId: string): boolean => {
      const entry = this.#sessions.get(sessionId)
      if (!entry || sessionId === options.exclude || (only && !only.has(sessionId))) return false
      if (options.sameWorkspace && entry.cwd !== options.cwd) return false
      return entry.createdAt >= (options.createdFrom ?? -Infinity) && entry.createdAt <= (options.createdTo ?? Infinity)
    }
    let capped = false
    for (const result of mini.search(query)) {
      const sessionId = result['sessionId'] as string
      if (seen.has(sessionId) || !admits(sessionId)) continue
      seen.add(sessionId)
      if (hits.length === limit) { capped = true; break }
      const title = this.#titles.get(sessionId)
      hits.push({
        sessionId: sessionId as SessionId, ...(title === undefined ? {} : { title }),
        seq: result['seq'] as number, type: result['type'] as SearchableType, time: result['time'] as number,
        score: result.score, snippet: snippetOf(result['text'] as string, result.terms),
      })
    }
    return { hits, capped }
  }

  #scheduleSave(): void {
    if (!this.#dirty || this.#saveTimer !== undefined) return
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = undefined
      void this.#serial(() => this.#save()).catch((error: unknown) => this.#options.onError?.(error))
    }, this.#options.saveDelayMs ?? 1000)
  }

  async #save(): Promise<void> {
    if (!this.#dirty || !this.#mini) return
    this.#dirty = false
    try {
      await this.#options.store.save({ format: INDEX_FORMAT, json: JSON.stringify(this.#mini), sessions: Object.fromEntries(this.#sessions) })
    } catch (error) {
      this.#dirty = true
      throw error
    }
  }
}
