/**
 * One session's append-only event log: validates and deep-freezes each event, keeps the surface
 * and the message projection, publishes after commit. Plane: shared (worker, Node); no I/O.
 * Contract: `events[i].seq === i`; a refused append leaves everything unchanged (dsh §2.2, §2.8).
 * @module session/session
 */
import type { Message } from '../llm/types.ts'
import type { SessionId } from '../util/brand.ts'
import { MessageProjection } from './derive-messages.ts'
import { SessionAppendError, SessionSeedError } from './errors.ts'
import { canonicalEventType } from './known-types.ts'
import { payloadProblem } from './message-shape.ts'
import { Surface, type SurfacePlan } from './surface.ts'
import { TurnState } from './turn-state.ts'
import { SESSION_FORMAT_VERSION, type AppendIntent, type SessionEvent, type SessionEventMap, type SessionEventType, type SessionHeader, type SurfaceView } from './types.ts'
import { copyJson, DEFAULT_MAX_EVENT_BYTES, freezeJson, type JsonCopyOptions, parsedJsonFreezer } from './validate-json.ts'

export interface SessionOptions {
  id: SessionId
  header: SessionHeader
  /**
   * Construction history (fork/resume); validated, copied, and closed with a `session/end-seed`
   * (even an empty one). Without a seed the session starts empty, as in dsh.
   */
  seed?: readonly SessionEvent[]
  /**
   * The seed's payloads are fresh objects nobody else holds (decoded from storage): validated
   * exactly as on append, then frozen in place instead of copied (`freezeJson`). `'parsed'`: they
   * also come straight from `JSON.parse` (StoredSession `parsed`), so the walk specialised for
   * parsed JSON does it (`parsedJsonFreezer`: the same checks and errors).
   */
  adoptSeed?: boolean | 'parsed'
  /** Called once per committed live event, after the push. Throws are contained. */
  publish?: (event: SessionEvent) => void
  /** Epoch-ms clock (tests pass a fake). */
  now?: () => number
  /** Pre-commit check (e.g. the log invariant); a throw refuses the append, log unchanged. */
  verify?: (event: SessionEvent) => void
  /** Receives a publication failure; default `console.error`. */
  onPublishError?: (error: unknown, event: SessionEvent) => void
  /** Cap on one event's JSON size; default 8 MiB. */
  maxEventBytes?: number
}

/**
 * The envelope keys a seed or loaded event may carry (dsh §2.1), in the order dsh writes them
 * (its `append` puts `sourceEventSeqs` before `surfaceOp`), so a dsh file re-exports byte-identically.
 */
export const EVENT_KEYS: readonly string[] = ['type', 'seq', 'time', 'data', 'ignorable', 'sourceEventSeqs', 'surfaceOp']
const INTENT_KEYS: readonly string[] = ['ignorable', 'sourceEventSeqs', 'surfaceOp']

/** A key's place in EVENT_KEYS, or -1 (a switch: seeds and imports run this for every key of every event). */
export function eventKeyPosition(key: string): number {
  switch (key) {
    case 'type': return 0
    case 'seq': return 1
    case 'time': return 2
    case 'data': return 3
    case 'ignorable': return 4
    case 'sourceEventSeqs': return 5
    case 'surfaceOp': return 6
    default: return -1
  }
}

type Intent = { surfaceOp?: unknown; sourceEventSeqs?: unknown; ignorable?: unknown }

/**
 * The session that last committed a given seq-0 event in this realm (an ephemeron: no cost per
 * event). Each event of its log is deeply frozen, its payload checked and its envelope built by
 * `build`. A seed that starts with the very same event objects, in the same order, was validated
 * when it was written: a session seeded from it (an open after an import, a resume from the memory
 * backend) shares that prefix instead of copying and re-checking it — and when the prefix is that
 * session's whole log, takes over a copy of its surface, projection and turn state instead of
 * folding the events again. Whatever follows the shared prefix is checked in full.
 */
const sealers = new WeakMap<SessionEvent, Session>()

/** How many leading seed events are the identical objects `log` holds. */
function sharedPrefix(seed: readonly SessionEvent[], log: readonly SessionEvent[]): number {
  const end = Math.min(seed.length, log.length)
  let i = 0
  while (i < end && seed[i] === log[i]) i++
  return i
}

/** The JSON-member check of an import's replay: its members were validated and frozen as they were read. */
const alreadyChecked: typeof copyJson = value => value

/**
 * An import's replay (session/jsonl only; anything else passes `adoptSeed` and gets the full walk):
 * a session seeded one event at a time while the file is read, so a refusal names the event's line
 * and no second array of the events is built. The caller vouches that each event's JSON members
 * (`data`, `surfaceOp`, `sourceEventSeqs`) were validated and deep-frozen in place by this module's
 * validators; envelopes, seqs, shapes and surface ops are checked here. No end-seed is added: the
 * replay only checks the file and seals its events.
 */
export interface CheckedReplay {
  /** Checks and commits the next event. @throws SessionSeedError (nothing committed) */
  add(event: SessionEvent): void
  /** Seals the replay (a session opened from these events takes over its state); returns a copy of its log. */
  seal(): SessionEvent[]
}

export class Session {
  readonly id: SessionId
  readonly header: SessionHeader
  /** Seq of the first event appended after construction (= log length once seeded). */
  readonly firstLiveSeq: number
  private log: SessionEvent[] = []
  private readonly surfaceState = new Surface()
  private projection = new MessageProjection(this.surfaceState, this.log)
  private readonly turns = new TurnState()
  private readonly lastByType = new Map<string, SessionEvent>()
  private readonly copyOptions: JsonCopyOptions
  /** copyJson, or freezeJson while adopting a seed (nothing for an import's replay, whose caller vouches for it). */
  private checkJson: typeof copyJson = copyJson
  private publishing: SessionEvent | undefined
  private closed = false
  /** While the constructor commits a seed (its log becomes a sealing reference only once whole). */
  private seeding = false

  /** The options without the seed (the seed array is not kept alive once committed). */
  private readonly options: Omit<SessionOptions, 'seed'>

  constructor(options: SessionOptions) {
    const { seed, ...rest } = options
    this.options = rest
    this.id = options.id
    this.copyOptions = { maxBytes: options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES }
    this.header = checkHeader(options)
    if (seed !== undefined) this.commitSeed(seed, options.adoptSeed ?? false)
    this.firstLiveSeq = this.log.length
  }

  /** An import's replay (see CheckedReplay); `options.seed` is ignored. @throws SessionAppendError on a bad header */
  static checkedReplay(options: SessionOptions): CheckedReplay {
    const session = new Session({ ...options, seed: undefined })
    session.checkJson = alreadyChecked
    session.seeding = true
    return {
      add: event => session.seedEvent(event, session.log.length, true, false),
      seal: () => {
        session.endSeeding()
        return session.log.slice()
      },
    }
  }

  /** The frozen log itself (not a copy); grows on append. */
  get events(): readonly SessionEvent[] {
    return this.log
  }

  get surface(): SurfaceView {
    return this.surfaceState.snapshot()
  }

  /** Highest turn number so far (0 before the first turn); the next turn is `lastTurn + 1`. */
  get lastTurn(): number {
    return this.turns.lastTurn
  }

  get openTurn(): number | undefined {
    return this.turns.openTurn
  }

  get openStep(): number | undefined {
    return this.turns.openStep
  }

  /** Highest step number opened in the open (or last) turn. */
  get lastStep(): number {
    return this.turns.lastStep
  }

  get isClosed(): boolean {
    return this.closed
  }

  /**
   * Validate, copy, freeze, push and publish one event.
   * @param intent - `{surfaceOp, sourceEventSeqs?}` for surface types (required); else only `{ignorable: true}`
   * @returns the stored frozen event
   * @throws SessionAppendError (log unchanged), or whatever `verify` throws
   */
  append<K extends SessionEventType>(type: K, data: SessionEventMap[K], intent?: AppendIntent<K> | { ignorable?: true }): SessionEvent<K> {
    if (this.publishing) {
      throw new SessionAppendError('REENTRANT_APPEND', `${type}: append during publication of seq ${this.publishing.seq} (${this.publishing.type}) is not allowed`)
    }
    if (this.closed) throw new SessionAppendError('SESSION_CLOSED', `${type}: session ${this.id} is closed`)
    const built = this.build(type, data, intent as Intent | undefined, this.now())
    this.options.verify?.(built.event)
    this.commit(built)
    this.publish(built.event)
    return built.event as SessionEvent<K>
  }

  /** The latest event of `type` (O(1): indexed on commit), or undefined when none was logged. */
  lastOfType<K extends SessionEventType>(type: K): SessionEvent<K> | undefined {
    return this.lastByType.get(type) as SessionEvent<K> | undefined
  }

  /** Each event type the log holds (its index by type: no walk over the log). */
  loggedTypes(): Iterable<string> {
    return this.lastByType.keys()
  }

  /** The model history as the caller's own array of the shared frozen messages (dsh: a fresh array per call). */
  deriveMessages(): Message[] {
    return this.projection.copy()
  }

  /**
   * The model history as one shared frozen array, the same until the surface changes (cached; see
   * derive-messages.ts); what requests carry, so the token tally sees its lineage.
   */
  sharedMessages(): readonly Message[] {
    return this.projection.current()
  }

  /** Refuse further appends (the store calls this on delete and dispose). */
  close(): void {
    this.closed = true
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  private commitSeed(seed: readonly SessionEvent[], adoptAs: boolean | 'parsed'): void {
    const adopt = adoptAs !== false
    if (adopt) this.checkJson = adoptAs === 'parsed' ? parsedJsonFreezer() : freezeJson
    this.seeding = true
    const first = seed[0]
    const sealer = typeof first === 'object' && first !== null ? sealers.get(first) : undefined
    const sealed = sealer === undefined ? 0 : sharedPrefix(seed, sealer.log)
    let index = 0
    const taken = sealer !== undefined && sealed === sealer.log.length
    if (taken) index = this.takeStateOf(sealer)
    for (; index < seed.length; index++) this.seedEvent(seed[index] as SessionEvent, index, adopt, index < sealed)
    this.endSeeding()
    if (seed.at(-1)?.type !== 'session/end-seed') this.commit(this.build('session/end-seed', {}, undefined, this.now()))
    if (taken && this.log.length > sealed) { // the pushes after the copied log left it half again as large: trim to size
      this.log = this.log.slice()
      this.projection = this.projection.copyFor(this.surfaceState, this.log)
    }
  }

  /** Back to appending: payloads are copied again, and the log (when whole) becomes a sealing reference. */
  private endSeeding(): void {
    this.checkJson = copyJson
    this.seeding = false
    if (this.log[0] !== undefined) sealers.set(this.log[0], this) // a seed that failed half-way never becomes the reference
  }

  /** Starts from a copy of the state of `sealer`, whose whole log this seed starts with; returns its length. */
  private takeStateOf(sealer: Session): number {
    this.log = sealer.log.slice() // one bulk copy: 100k pushes would each pay the write barrier
    this.surfaceState.copyFrom(sealer.surfaceState)
    this.projection = sealer.projection.copyFor(this.surfaceState, this.log)
    Object.assign(this.turns, sealer.turns)
    for (const [type, event] of sealer.lastByType) this.lastByType.set(type, event)
    return this.log.length
  }

  private seedEvent(event: SessionEvent, index: number, adopt: boolean, sealed: boolean): void {
    if (typeof event !== 'object' || event === null) throw new SessionSeedError('INVALID_SEED_EVENT', 'is not an event object', index)
    let canonical = true // keys in EVENT_KEYS order, none undefined: an adopted envelope can be kept as built
    let last = -1
    for (const key in event) {
      const position = eventKeyPosition(key)
      if (position < 0) throw new SessionSeedError('INVALID_SEED_KEYS', `has unknown key(s) ${Object.keys(event).filter(k => eventKeyPosition(k) < 0).join(', ')}`, index)
      canonical &&= position > last && (event as unknown as Record<string, unknown>)[key] !== undefined
      last = position
    }
    const { type: rawType, seq, time, data, surfaceOp, sourceEventSeqs, ignorable } = event as SessionEvent & Intent
    if (seq !== index) throw new SessionSeedError('INVALID_SEED_SEQ', `has seq ${JSON.stringify(seq)}; expected ${index}`, index)
    if (sealed) return this.commitSealed(event, index)
    if (typeof rawType !== 'string' || typeof time !== 'number' || !Number.isFinite(time)) {
      throw new SessionSeedError('INVALID_SEED_EVENT', 'needs a string type and a finite time', index)
    }
    const type = canonicalEventType(rawType)
    const intent = surfaceOp === undefined && sourceEventSeqs === undefined && ignorable === undefined ? undefined : { surfaceOp, sourceEventSeqs, ignorable }
    try {
      const envelope = adopt && canonical ? event as unknown as Record<string, unknown> : undefined
      if (envelope !== undefined && type !== rawType) envelope.type = type
      this.commit(this.build(type, data, intent, time, envelope))
    } catch (error) {
      if (!(error instanceof SessionAppendError)) throw error
      throw new SessionSeedError('INVALID_SEED_EVENT', error.message, index)
    }
  }

  /** A seed event this realm's sessions already validated and froze: shared, only its surface op checked here. */
  private commitSealed(event: SessionEvent, index: number): void {
    try {
      this.commit({ event, plan: this.surfaceState.check(event, this.log) })
    } catch (error) {
      if (!(error instanceof SessionAppendError)) throw error
      throw new SessionSeedError('INVALID_SEED_EVENT', error.message, index)
    }
  }

  /**
   * Validates and freezes one event; `envelope` (an adopted seed event already holding exactly
   * these fields in canonical order) is frozen in place instead of building a new object.
   */
  private build(type: string, data: unknown, intent: Intent | undefined, time: number, envelope?: Record<string, unknown>): { event: SessionEvent; plan: SurfacePlan } {
    const seq = this.log.length
    const copied = this.checkJson(data, type, 'data', this.copyOptions)
    const problem = payloadProblem(type, copied)
    if (problem) throw new SessionAppendError('INVALID_MESSAGE', `${type}: ${problem}`)
    const event: Record<string, unknown> = envelope ?? { type, seq, time, data: copied }
    if (intent !== undefined) this.copyIntent(type, intent, event)
    const plan = this.surfaceState.check(event as unknown as SessionEvent, this.log)
    return { event: Object.freeze(event) as unknown as SessionEvent, plan }
  }

  private copyIntent(type: string, intent: Intent, event: Record<string, unknown>): void {
    if (typeof intent !== 'object' || intent === null || Object.getPrototypeOf(intent) !== Object.prototype) {
      throw new SessionAppendError('INVALID_INTENT', `${type}: intent must be a plain object`)
    }
    for (const key in intent) { // no key array per append; the refusal lists the own unknown keys
      if (INTENT_KEYS.includes(key) || intent[key as keyof Intent] === undefined || !Object.hasOwn(intent, key)) continue
      const extra = Object.keys(intent).filter(k => !INTENT_KEYS.includes(k) && intent[k as keyof Intent] !== undefined)
      throw new SessionAppendError('INVALID_INTENT', `${type}: unknown intent key(s) ${extra.join(', ')}`)
    }
    if (intent.ignorable !== undefined) {
      if (intent.ignorable !== true) throw new SessionAppendError('INVALID_INTENT', `${type}: ignorable must be true when present`)
      if (event.ignorable !== true) event.ignorable = true
    }
    // An adopted seed envelope already holds these very members: set only what differs.
    if (intent.sourceEventSeqs !== undefined) {
      const sources = this.checkJson(intent.sourceEventSeqs, type, 'sourceEventSeqs', this.copyOptions)
      if (event.sourceEventSeqs !== sources) event.sourceEventSeqs = sources
    }
    if (intent.surfaceOp !== undefined) {
      const op = this.checkJson(intent.surfaceOp, type, 'surfaceOp', this.copyOptions)
      if (event.surfaceOp !== op) event.surfaceOp = op
    }
  }

  private commit({ event, plan }: { event: SessionEvent; plan: SurfacePlan }): void {
    this.log.push(event)
    if (event.seq === 0 && !this.seeding) sealers.set(event, this)
    this.surfaceState.apply(event.seq, plan)
    if (plan !== 'none') this.projection.committed(event, plan)
    this.turns.accept(event)
    this.lastByType.set(event.type, event)
  }

  private publish(event: SessionEvent): void {
    if (!this.options.publish) return
    this.publishing = event
    try {
      this.options.publish(event)
    } catch (error) {
      (this.options.onPublishError ?? reportPublishError)(error, event)
    } finally {
      this.publishing = undefined
    }
  }
}

function reportPublishError(error: unknown, event: SessionEvent): void {
  console.error(`[session] a session/event listener failed on seq ${event.seq} (${event.type}); the event stays committed`, error)
}

function checkHeader(options: SessionOptions): SessionHeader {
  const { header, id } = options
  if (header?.type !== 'session' || header.id !== id) {
    throw new SessionSeedError('INVALID_HEADER', `header must be {type:'session', id:${JSON.stringify(id)}}, got id ${JSON.stringify(header?.id)}`)
  }
  if (header.version !== SESSION_FORMAT_VERSION) {
    throw new SessionSeedError('INVALID_HEADER', `session format version ${JSON.stringify(header.version)} is not supported (this build reads ${SESSION_FORMAT_VERSION})`)
  }
  return copyJson(header, 'session header', 'header', { maxBytes: DEFAULT_MAX_EVENT_BYTES })
}
