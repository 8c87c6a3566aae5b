/**
 * The plain core behind `ctx.sessions` (util/service): the live sessions, create, open (load →
 * repair → seed), fork, list, delete, export, import, flush, and the per-append publication.
 * Plane: worker/Node; no DOM. Contract: a refused operation creates and changes nothing.
 * @module session/store-core
 */
import type { EventsService } from '@deepseek-ai/cordis'
import { newId, type SessionId } from '../util/brand.ts'
import { SessionForkError, SessionImportError, SessionStoreError } from './errors.ts'
import { lazyPart } from '../kernel/lazy-plugin.ts'
import { KNOWN_SESSION_EVENT_TYPES } from './known-types.ts'
import type { FlushOutcome, SessionListing, SessionPersistence } from './persistence.ts'
import { SessionPublication, type SessionVerifier } from './publication.ts'
import { openTurnStart } from './open-turn.ts'
import { sessionFileText } from './session-file.ts'
import { Session } from './session.ts'
import { liveView, storedView, type SessionReadView } from './read-view.ts'
import { SESSION_FORMAT_VERSION, type SessionEvent, type SessionHeader } from './types.ts'
import { DEFAULT_MAX_EVENT_BYTES } from './validate-json.ts'

/** dsh's JSONL reader and writer load with the first export or import, never on the append path. */
const jsonlFormat = lazyPart('session: JSONL import/export', () => import('./jsonl.ts'))
/** Crash repair loads with the first stored log that ends inside a turn (a clean one never needs it). */
const crashRepair = lazyPart('session: crash repair', () => import('./repair.ts'))

export interface SessionStoreConfig {
  /** Cap on one event's JSON size (append and import); default 8 MiB. */
  maxEventBytes?: number
  /** Extra event types this runtime understands (beside the core list and declared ones). */
  eventTypes?: string[]
  /** Cap on an imported file given as bytes, after decompression; default 256 MiB. */
  maxImportBytes?: number
}

const DEFAULT_MAX_IMPORT_BYTES = 256 * 1024 * 1024

/** Header fields a caller may set at creation; the store fills type, version, id, createdAt. */
export type SessionMeta = Partial<Pick<SessionHeader, 'cwd' | 'parentSession' | 'seedLength' | 'origin' | 'delegationDepth' | 'agentPreset'>>

export interface CreateSessionOptions {
  id?: SessionId
  seed?: readonly SessionEvent[]
  meta?: SessionMeta
}

export type { SessionVerifier }

export class SessionStoreCore {
  private readonly live = new Map<SessionId, Session>()
  /** Opens in flight, by id. */
  private readonly opening = new Map<SessionId, Promise<Session>>()
  /** Pre-commit verifiers and `session/event` publication: they run on every append. */
  private readonly publication: SessionPublication
  private readonly eventTypes: Map<string, number>
  private readonly maxEventBytes: number
  private readonly maxImportBytes: number

  /**
   * @param bus - the event bus behind `ctx.events` (util/service `eventBus`)
   * @param persistence - reads `ctx.sessionPersistence` (the store's injected backend)
   * @param warn - reports a contained failure (publication, listeners)
   */
  constructor(
    private readonly bus: EventsService,
    private readonly persistence: () => SessionPersistence,
    private readonly warn: (message: string, ...args: unknown[]) => void,
    config: SessionStoreConfig = {},
  ) {
    this.publication = new SessionPublication(bus, warn)
    this.maxEventBytes = config.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES
    this.maxImportBytes = config.maxImportBytes ?? DEFAULT_MAX_IMPORT_BYTES
    this.eventTypes = new Map([...KNOWN_SESSION_EVENT_TYPES, ...(config.eventTypes ?? [])].map(t => [t, 1]))
  }

  private get backend(): SessionPersistence {
    return this.persistence()
  }

  /** A new live session, persisted (header + seed incl. its end-seed) before it is returned; empty without a seed. */
  async create(options: CreateSessionOptions = {}): Promise<Session> {
    const id = options.id ?? newId<SessionId>()
    if (this.live.has(id) || await this.backend.has(id)) throw new SessionStoreError('SESSION_ALREADY_EXISTS', `session ${id} already exists`)
    const session = this.instantiate(makeHeader(id, options.meta ?? {}), options.seed)
    await this.backend.create(session.header)
    await this.backend.append(id, session.events)
    return this.register(session)
  }

  /** The live session with this id, if any. */
  get(id: SessionId): Session | undefined {
    return this.live.get(id)
  }

  /**
   * A read-only view: the live session's, or the stored log read as it is (not opened, not
   * repaired, no writer taken); `undefined` for an unknown id.
   */
  async read(id: SessionId): Promise<SessionReadView | undefined> {
    const existing = this.live.get(id)
    if (existing) return liveView(existing)
    const backend = this.backend
    const stored = backend.inspect ? await backend.inspect(id) : await backend.load(id)
    return stored && storedView(stored.header, stored.events, this.maxEventBytes)
  }

  /**
   * The live session, or the stored one loaded, repaired (closers committed) and seeded. Concurrent
   * opens of one id share the one load in flight: two would each repair and seed the same log.
   */
  open(id: SessionId): Promise<Session> {
    const existing = this.live.get(id)
    if (existing) return Promise.resolve(existing)
    const inFlight = this.opening.get(id)
    if (inFlight) return inFlight
    const opened = this.load(id)
    this.opening.set(id, opened)
    const settled = (): void => void this.opening.delete(id)
    opened.then(settled, settled)
    return opened
  }

  private async load(id: SessionId): Promise<Session> {
    const stored = await this.backend.load(id)
    if (!stored) throw new SessionStoreError('SESSION_NOT_FOUND', `session ${id} not found`)
    const closers = openTurnStart(stored.events) < 0 ? [] : (await crashRepair()).interruptedTurnClosers(stored.events)
    const adopt = stored.fresh !== true ? false : stored.parsed === true ? 'parsed' : true
    const session = this.instantiate(stored.header, [...stored.events, ...closers], adopt)
    this.checkKnownTypes(session.loggedTypes(), stored.events)
    await this.backend.append(id, session.events.slice(stored.events.length))
    return this.live.get(id) ?? this.register(session)
  }

  /** Closes a live session without deleting it (emits `session/disposed`); false when it was not live. */
  close(id: SessionId): boolean {
    const session = this.live.get(id)
    if (session) this.unregister(session)
    return session !== undefined
  }

  /** Stored sessions (live ones are stored from creation on). */
  list(): Promise<SessionListing[]> {
    return this.backend.list()
  }

  /**
   * A new live child seeded with a deep copy of `source`'s events `[0, boundary]`.
   * @param boundary - inclusive seq; default the last event (an empty source gives a child holding only its end-seed)
   * @throws SessionForkError SESSION_NOT_FOUND | SESSION_ALREADY_EXISTS | INVALID_BOUNDARY | OPEN_TURN
   */
  async fork(source: SessionId, boundary?: number, childSessionId?: SessionId): Promise<Session> {
    if (childSessionId !== undefined) await this.refuseTakenForkId(childSessionId)
    const parent = this.live.get(source) ?? await this.backend.load(source)
    if (!parent) throw new SessionForkError('SESSION_NOT_FOUND', `fork source ${source} not found`)
    const events = parent.events
    const last = boundary ?? events.length - 1
    if (!Number.isInteger(last) || last < (boundary === undefined ? -1 : 0) || last >= events.length) {
      const range = events.length === 0 ? 'it has no events' : `0..${events.length - 1}`
      throw new SessionForkError('INVALID_BOUNDARY', `boundary ${boundary} is not a seq of ${source} (${range})`)
    }
    const prefix = events.slice(0, last + 1)
    const lastTurnEvent = lastTurnBracket(prefix)
    if (lastTurnEvent?.type === 'turn/start') {
      throw new SessionForkError('OPEN_TURN', `boundary ${last} is inside turn ${lastTurnEvent.data.turn} (opened at seq ${lastTurnEvent.seq}); fork at a turn boundary`)
    }
    const id = childSessionId ?? newId<SessionId>()
    await this.refuseTakenForkId(id)
    const meta: SessionMeta = { ...(parent.header.cwd === undefined ? {} : { cwd: parent.header.cwd }), parentSession: source, seedLength: prefix.length }
    return this.create({ id, seed: structuredClone(prefix), meta })
  }

  private async refuseTakenForkId(id: SessionId): Promise<void> {
    if (this.live.has(id) || await this.backend.has(id)) throw new SessionForkError('SESSION_ALREADY_EXISTS', `session ${id} already exists`)
  }

  /** Close the live session (emits `session/disposed`) and delete it from storage. */
  async delete(id: SessionId): Promise<boolean> {
    const session = this.live.get(id)
    if (session) this.unregister(session)
    const deleted = await this.backend.delete(id) || session !== undefined
    if (deleted) this.bus.emit('session/deleted', id)
    return deleted
  }

  /** dsh JSONL of a live or stored session; `import(export(id))` after a delete gives the same bytes. */
  async export(id: SessionId): Promise<string> {
    const session = this.live.get(id) ?? await this.backend.load(id)
    if (!session) throw new SessionStoreError('SESSION_NOT_FOUND', `session ${id} not found`)
    return (await jsonlFormat()).exportJsonl(session.header, session.events)
  }

  /**
   * Store a JSONL session verbatim (not opened; `open(id)` resumes it). `file` is the JSONL text, or
   * a file's bytes: dsh's default zstd-compressed `session.jsonl.zstd`, or plain UTF-8. dsh's packed
   * chunk rows are stored as the `assistant/chunk` events they hold.
   * @throws SessionImportError naming the line and reason; nothing is stored
   */
  async import(file: string | Uint8Array): Promise<SessionId> {
    const jsonl = typeof file === 'string' ? file : await sessionFileText(file, this.maxImportBytes)
    const { header, events } = (await jsonlFormat()).parseJsonl(jsonl, { maxLineBytes: this.maxEventBytes, isKnownType: type => this.eventTypes.has(type) })
    if (this.live.has(header.id) || await this.backend.has(header.id)) throw new SessionImportError(1, `session ${header.id} already exists`, 'SESSION_ALREADY_EXISTS')
    await this.backend.create(header)
    try {
      await this.backend.append(header.id, events)
    } catch (error) {
      await this.backend.delete(header.id)
      throw error
    }
    return header.id
  }

  /**
   * Settles when every event appended so far is durable or failed to be (`session/flush`,
   * parallel, then the backend's verdict); never hangs (the backends bound each write).
   */
  async flush(): Promise<FlushOutcome> {
    await this.bus.parallel('session/flush')
    return this.backend.flush()
  }

  /** Add a pre-commit check to every live and future session; returns its remover. */
  addVerifier(verifier: SessionVerifier): () => void {
    const { verifiers } = this.publication
    verifiers.add(verifier)
    return () => void verifiers.delete(verifier)
  }

  /** Declare plugin event types as known to readers; returns the undeclarer. */
  declareEventTypes(types: readonly string[]): () => void {
    for (const type of types) this.eventTypes.set(type, (this.eventTypes.get(type) ?? 0) + 1)
    return () => {
      for (const type of types) {
        const count = this.eventTypes.get(type)! - 1
        if (count) this.eventTypes.set(type, count)
        else this.eventTypes.delete(type)
      }
    }
  }

  /**
   * Refuses a log holding a non-ignorable event of a type this store does not know. `types`: each
   * type the log holds (the opened session's index), so a log of known types is never walked.
   */
  private checkKnownTypes(types: Iterable<string>, events: readonly SessionEvent[]): void {
    for (const type of types) if (!this.eventTypes.has(type)) return this.refuseUnknownTypes(events)
  }

  private refuseUnknownTypes(events: readonly SessionEvent[]): void {
    for (const event of events) {
      if (this.eventTypes.has(event.type) || event.ignorable === true) continue
      throw new SessionStoreError('UNKNOWN_EVENT_TYPE', `seq ${event.seq}: unknown event type "${event.type}" is not marked ignorable; written by a newer dsh-agent?`)
    }
  }

  private instantiate(header: SessionHeader, seed: readonly SessionEvent[] | undefined, adoptSeed: boolean | 'parsed' = false): Session {
    const publication = this.publication
    const session: Session = new Session({
      id: header.id,
      header,
      ...(seed === undefined ? {} : { seed }),
      adoptSeed,
      maxEventBytes: this.maxEventBytes,
      publish: event => publication.publish(session, event),
      verify: event => publication.verify(session, event),
      onPublishError: (error, event) => this.warn('session/event publication failed at seq %d (%s): %s', event.seq, event.type, error),
    })
    return session
  }

  private register(session: Session): Session {
    this.live.set(session.id, session)
    this.bus.emit('session/created', session)
    return session
  }

  private unregister(session: Session): void {
    session.close()
    this.live.delete(session.id)
    this.bus.emit('session/disposed', session)
  }

  /** Closes every live session (the store's disposal). */
  closeAll(): void {
    for (const session of this.live.values()) this.unregister(session)
  }
}

function lastTurnBracket(events: readonly SessionEvent[]): SessionEvent<'turn/start' | 'turn/end'> | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (event.type === 'turn/start' || event.type === 'turn/end') return event
  }
  return undefined
}

function makeHeader(id: SessionId, meta: SessionMeta): SessionHeader {
  const { cwd, parentSession, seedLength, origin, delegationDepth = 0, agentPreset } = meta
  return {
    type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt: Date.now(),
    ...(cwd === undefined ? {} : { cwd }),
    ...(parentSession === undefined ? {} : { parentSession }),
    ...(seedLength === undefined ? {} : { seedLength }),
    ...(origin === undefined ? {} : { origin }),
    delegationDepth,
    ...(agentPreset === undefined ? {} : { agentPreset }),
  }
}
